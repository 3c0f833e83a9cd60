// A digest made (modules/newsletter/create-digest.ts) by the schedule's cron or the admin's
// 'send now', and its mail handed to newsletter-send. Quick: nothing here talks to the mail server.
// The operation ends with the digest queued; it is brought up to date once the mail has ended, by
// newsletter-send or, when the mail ended first, by this job's afterRecord (modules/newsletter/digest-outcome.ts).
import { NEWSLETTER_MESSAGES } from '@chapar/shared/contracts';
import { toPersianDigits } from '@chapar/shared/text';
import { PermanentError } from '../modules/operations/permanent-error.ts';
import { createDigest } from '../modules/newsletter/create-digest.ts';
import { digestEnd, endedResult, failureReason, NO_SENDS, settleRecordedDigest } from '../modules/newsletter/digest-outcome.ts';
import { digestRepo } from '../modules/newsletter/digest-repo.ts';
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
    const made = { digestId: digest.id, status: digest.status, recipients, articleCount: digest.articleIds.length };
    if (digest.status === 'sending') {
      await s.jobs.send(newsletterSendJob, { digestId: digest.id });
      await operation.log(`خبرنامه ${toPersianDigits(digest.id)} با ${toPersianDigits(digest.articleIds.length)} مقاله برای ${toPersianDigits(recipients)} نشانی در صف ارسال است`);
    } else if (digest.status === 'empty') {
      await operation.log(NEWSLETTER_MESSAGES.noArticles);
    } else {
      // A retry of this job after the digest an earlier attempt made had already gone out: its end is this run's.
      const counts = (await digestRepo.counts(s.db, [digest.id])).get(digest.id) ?? NO_SENDS;
      const reason = await failureReason(s.db, digest.id, counts);
      const end = digestEnd(counts, reason);
      await (end.clean ? operation.log(end.message) : operation.error(end.message));
      return endedResult(made, digest.id, counts, reason);
    }
    return made;
  },
  // The mail may end before this record is written, and its run then leaves the record: settled here.
  afterRecord: (operationId, s) => settleRecordedDigest(s.db, operationId),
});
