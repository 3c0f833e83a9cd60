// Podcasts of articles: the text prepared for listening (@chapar/shared/text spoken.ts), spoken
// by the speech service, stored through the Storage interface as podcasts/{id}-{hash}.mp3. The
// hash is of the voice and the text read, so a podcast whose text has not changed is not made
// again and a changed text gets a new address (no stale copy behind a CDN). The old file is set
// aside, not deleted: podcast apps and directories that read the feed before keep a working
// enclosure until the daily purge (TRASH_RETENTION_DAYS).
import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { articles } from '@chapar/db';
import { formatNumberFa } from '@chapar/shared/text';
import { makePodcastsJob } from '../../jobs/specs.ts';
import type { Services } from '../../services.ts';
import { mediaRepo } from '../media/repo.ts';
import { speechRepo } from './speech-repo.ts';
import { speechTextFor } from './speech-text.ts';

export type PodcastStatus = 'made' | 'unchanged' | 'skipped';

export interface PodcastOutcome {
  articleId: number;
  status: PodcastStatus;
  message: string;
  podcastUrl?: string;
  podcastDuration?: number;
}

/** The address a podcast of this text, in the current voice, is stored at. */
export const podcastUrlFor = (s: Pick<Services, 'storage' | 'speech'>, articleId: number) => (text: string) => s.storage.url(podcastKey(articleId, s.speech.engine.voice, text));

export function podcastKey(articleId: number, voice: string, text: string): string {
  const hash = createHash('sha256').update(`${voice}\n${text}`).digest('hex').slice(0, 16);
  return `podcasts/${articleId}-${hash}.mp3`;
}

/** Makes (or keeps) one article's podcast. Throws when the speech service fails. */
export async function makeArticlePodcast(s: Pick<Services, 'db' | 'storage' | 'speech' | 'contentChanged'>, articleId: number, opts: { force?: boolean; signal?: AbortSignal } = {}): Promise<PodcastOutcome> {
  const article = await speechRepo.article(s.db, articleId);
  if (!article) return { articleId, status: 'skipped', message: 'خبر یافت نشد' };
  if (article.status !== 'published') return { articleId, status: 'skipped', message: 'خبر منتشر نشده است' };
  // An editor's correction of the text, when there is one, is what the podcast reads.
  const { text } = await speechTextFor(s.db, article);
  if (!text) return { articleId, status: 'skipped', message: 'متنی برای خواندن ندارد' };
  const key = podcastKey(articleId, s.speech.engine.voice, text);
  const url = s.storage.url(key);
  if (!opts.force && article.podcastUrl === url && await s.storage.exists(key)) {
    return { articleId, status: 'unchanged', message: 'پادکست با متن کنونی خبر یکی است', podcastUrl: url };
  }
  const audio = await s.speech.speak(text, { signal: opts.signal });
  const stored = await s.storage.put(key, audio.mp3, 'audio/mpeg');
  // The text came back to one read before: its file, set aside then, is the article's again.
  await mediaRepo.deleteKeys(s.db, [key]);
  // The integer column holds whole seconds: rounding keeps it within half a second of the file.
  const podcastDuration = Math.max(1, Math.round(audio.duration));
  const oldKey = article.podcastUrl ? s.storage.keyFromUrl(article.podcastUrl) : null;
  // One transaction: whoever sees the new address also finds the old file set aside for the purge.
  await s.db.transaction(async (tx) => {
    await tx.update(articles).set({ podcastUrl: stored.url, podcastVoice: audio.voice.slice(0, 64), podcastDuration, podcastBytes: audio.mp3.length }).where(eq(articles.id, articleId));
    if (article.podcastUrl && oldKey && oldKey !== key && oldKey.startsWith('podcasts/')) {
      await mediaRepo.upsert(tx, { kind: 'audio', storageKey: oldKey, url: article.podcastUrl, mimeType: 'audio/mpeg', bytes: article.podcastBytes ?? 0, articleId: null, replacedAt: new Date() });
    }
  });
  s.contentChanged();
  return { articleId, status: 'made', message: `پادکست ${formatNumberFa(podcastDuration)} ثانیه‌ای ساخته شد (${formatNumberFa(audio.parts)} بخش)`, podcastUrl: stored.url, podcastDuration };
}

/** Ids of the most recent published articles. */
export async function recentPublishedIds(s: Pick<Services, 'db'>, latest: number): Promise<number[]> {
  const rows = await s.db.select({ id: articles.id }).from(articles)
    .where(and(eq(articles.status, 'published'))).orderBy(desc(articles.publishedAt), desc(articles.id)).limit(latest);
  return rows.map((r) => r.id);
}

/**
 * After an article was published or its text changed: its podcast is made in the background
 * (when PODCAST_AUTO is on). Never fails the write that called it.
 */
export function queuePodcast(s: Pick<Services, 'config' | 'log' | 'jobs'>, articleId: number): void {
  if (!s.config.podcastAuto) return;
  s.jobs.send(makePodcastsJob, { articleIds: [articleId] })
    .catch((error: Error) => s.log.warn(`podcast of article ${articleId} not queued: ${error.message}`));
}
