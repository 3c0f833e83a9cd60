// A digest made (modules/newsletter/create-digest.ts) by the schedule's cron or the admin's
// 'send now', and its mail handed to newsletter-send. Quick: nothing here talks to the mail server.
import { NEWSLETTER_MESSAGES } from '@chapar/shared/contracts';
import { toPersianDigits } from '@chapar/shared/text';
import { PermanentError } from '../modules/operations/permanent-error.ts';
import { createDigest } from '../modules/newsletter/create-digest.ts';
import { readSchedule } from '../modules/newsletter/digest-schedule.ts';
import { defineJob } from './define-job.ts';
import { newsletterDigestJob, newsletterSendJob } from './specs.ts';

export const newsletterDigestWorker = defineJob(newsletterDigestJob, {
  uses: ['config', 'db', 'mailer', 'jobs'],
  async handler(payload, { services: s, operation }) {
    if (!s.mailer) {
      if (payload.trigger === 'admin') throw new PermanentError(`${NEWSLETTER_MESSAGES.mailNotConfigured} (SMTP_URL و MAIL_FROM)`);
      return { skipped: 'mail not configured' };
    }
    if (payload.trigger === 'schedule' && !(await readSchedule(s.db)).enabled) return { skipped: 'schedule off' };
    const { digest, recipients } = await createDigest(s, { trigger: payload.trigger, requestedBy: payload.requestedBy, operationId: payload.operationId });
    if (digest.status === 'sending') {
      await s.jobs.send(newsletterSendJob, { digestId: digest.id });
      await operation.log(`خبرنامه ${toPersianDigits(digest.id)} با ${toPersianDigits(digest.articleIds.length)} مقاله برای ${toPersianDigits(recipients)} نشانی در صف ارسال است`);
    } else {
      await operation.log(NEWSLETTER_MESSAGES.noArticles);
    }
    return { digestId: digest.id, status: digest.status, recipients, articleCount: digest.articleIds.length };
  },
});
