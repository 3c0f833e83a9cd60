// The full duplicate scan behind the scanner tab: the index brought up to date, every
// article's bands grouped, the candidate pairs judged; progress and steps on the operation.
import { toPersianDigits as fa } from '@chapar/shared/text';
import { runScan, scanSummary } from '../modules/duplicates/service.ts';
import { defineJob } from './define-job.ts';
import { scanDuplicatesJob } from './specs.ts';

const STEP_LABEL = { index: 'به‌روزرسانی نمایه', load: 'خواندن امضای مقالات', compare: 'مقایسهٔ جفت‌های نامزد', judge: 'داوری هوش مصنوعی' } as const;

export const scanDuplicatesWorker = defineJob(scanDuplicatesJob, {
  uses: ['config', 'database', 'log'],
  async handler(_payload, { services, operation }) {
    await operation.log('شروع اسکن کامل تکراری‌ها');
    let lastStep = '';
    const result = await runScan(services, async (step, percent, line) => {
      if (step !== lastStep) {
        lastStep = step;
        await operation.log(STEP_LABEL[step]);
      }
      if (line) await operation.log(line);
      await operation.progress(percent);
    });
    await operation.progress(100);
    await operation.log(`${scanSummary(result.duplicates.length, result.undecided?.length ?? 0, result.totalArticles)} (${fa(result.processingTime)} میلی‌ثانیه)`);
    return { ...result };
  },
});
