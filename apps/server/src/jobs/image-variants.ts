// Makes the responsive variants of stored images (modules/media/variants.ts) off the ingest
// path: storing a post's pictures does not wait for five resizes each.
import { makeVariants } from '../modules/media/variants.ts';
import { defineJob } from './define-job.ts';
import { imageVariantsJob } from './specs.ts';

export const imageVariantsWorker = defineJob(imageVariantsJob, {
  uses: ['storage'],
  localConcurrency: 1,
  async handler({ keys }, { services: s }) {
    let made = 0;
    const missing: string[] = [];
    for (const key of keys) {
      if (await makeVariants(s.storage, key)) made++;
      else missing.push(key);
    }
    return { made, missing };
  },
});
