// Making a digest: its articles chosen (the top of the digest's period), its recipients queued
// (one send each), once per slot: a day's scheduled digest, or one admin request. A job retried
// after dying half-way finds the digest its first attempt made and queues nobody twice.
import { randomUUID } from 'node:crypto';
import type { Services } from '../../services.ts';
import { chooseDigestArticles } from './digest-articles.ts';
import { digestSubject } from './digest-mail.ts';
import { digestRepo, type DigestRow } from './digest-repo.ts';
import { periodMs, readSchedule } from './digest-schedule.ts';
import { siteDate } from './admin-service.ts';

export interface DigestRequest {
  trigger: 'schedule' | 'admin';
  requestedBy?: string | null;
  /** The admin's operation: its retry finds the same digest. */
  operationId?: number;
}

export interface MadeDigest {
  digest: DigestRow;
  recipients: number;
}

/** One scheduled digest per calendar day of the schedule's time zone, whatever fires. */
export function digestSlot(request: DigestRequest, timeZone: string, now: Date): string {
  if (request.trigger === 'schedule') return `schedule:${siteDate(now, timeZone)}`;
  return adminDigestSlot(request.operationId ?? randomUUID());
}

/** The slot of the digest an admin's operation makes: 'admin:{operation}'. */
export const adminDigestSlot = (operationId: number | string) => `admin:${operationId}`;

/** The admin's operation an 'admin:{operation}' slot names, if any (a digest made without one has a random slot). */
export function digestOperationId(slot: string): number | null {
  const found = /^admin:(\d+)$/.exec(slot);
  return found ? Number(found[1]) : null;
}

export async function createDigest(s: Pick<Services, 'config' | 'db'>, request: DigestRequest, now = new Date()): Promise<MadeDigest> {
  const schedule = await readSchedule(s.db);
  const slot = digestSlot(request, schedule.timeZone, now);
  const articles = await chooseDigestArticles(s.db, schedule.articleCount, new Date(now.getTime() - periodMs(schedule)));
  const { digest } = await digestRepo.create(s.db, {
    slot,
    trigger: request.trigger,
    subject: digestSubject(s.config.siteName, now),
    articleIds: articles.map((a) => a.id),
    status: articles.length ? 'sending' : 'empty',
    requestedBy: request.requestedBy ?? null,
    createdAt: now,
    ...(articles.length ? {} : { finishedAt: now }),
  });
  if (digest.status !== 'sending') return { digest, recipients: 0 };
  await digestRepo.queueRecipients(s.db, digest.id);
  const counts = (await digestRepo.counts(s.db, [digest.id])).get(digest.id);
  return { digest, recipients: counts?.total ?? 0 };
}
