// Video maintenance on articles: host every video ourselves (from the Telegram post, or a
// Telegram-hosted URL), flag for an editor those that cannot be fetched again, embed the video in
// the body and remove repeated embeds.
import { load } from '../../lazy-packages.ts';
import { isNotNull } from 'drizzle-orm';
import { articles } from '@chapar/db';
import { toPersianDigits } from '@chapar/shared/text';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fetchMediaToFile } from '../../integrations/telegram/index.ts';
import { articleAdminRepo, type ArticleRow } from '../articles/admin-repo.ts';
import { derivedFields } from '../articles/derived-fields.ts';
import { failureText } from '../../integrations/failure-text.ts';
import type { Services } from '../../services.ts';
import { PermanentError } from '../operations/permanent-error.ts';
import { downloadForStore } from './post-media.ts';
import { mediaRepo } from './repo.ts';
import { storeMedia } from './store-media.ts';
import { storedKey } from './stored-key.ts';
import type { TaskItem } from './watermark-tasks.ts';

type FixVideoUrlsDeps = Pick<Services, 'config' | 'db' | 'storage' | 'media' | 'sources' | 'mediaPolicy' | 'contentChanged'>;
type MigrateVideosDeps = Pick<Services, 'db' | 'storage' | 'media' | 'mediaPolicy' | 'contentChanged'>;

/** The articles the video tools work on: those with a video. */
export async function videoArticles(s: Pick<Services, 'db'>, ids?: number[]): Promise<ArticleRow[]> {
  return articleAdminRepo.forRepair(s.db, { ids, where: isNotNull(articles.videoUrl), limit: 2000 });
}

async function setVideo(s: Pick<Services, 'db' | 'contentChanged'>, article: ArticleRow, videoUrl: string | null, frame: { posterUrl: string | null; durationSec: number | null } | null = null): Promise<void> {
  await articleAdminRepo.update(s.db, article.id, {
    videoUrl, videoPosterUrl: frame?.posterUrl ?? null, videoDuration: frame?.durationSec ?? null, ...derivedFields({ ...article, videoUrl }), updatedAt: new Date(),
  });
  s.contentChanged();
}

async function hostVideo(s: Pick<Services, 'db' | 'media' | 'contentChanged'>, article: ArticleRow, body: Buffer | { file: string }, sourceUrl: string): Promise<string> {
  const base = article.source && article.telegramId ? `tg/${article.source}/${article.telegramId}` : `articles/${article.id}`;
  const stored = await storeMedia(s.media, { keyBase: base, position: 10, role: 'video', body, sourceUrl, articleId: article.id, accept: ['video'] });
  await setVideo(s, article, stored.url, stored);
  return stored.url;
}

export const VIDEO_FIX_MESSAGES = {
  storeDown: (why: string) => `آزمون فضای ذخیره‌سازی رسانه ناموفق بود (${why})؛ نشانی ویدیوها بررسی نشد و چیزی تغییر نکرد`,
  missing: 'فایل ویدیو در فضای ذخیره‌سازی پیدا نشد و پست تلگرام آن را دوباره نمی‌دهد؛ نشانی سر جایش ماند. ویراستار ویدیو را دوباره بارگذاری یا نشانی را حذف کند',
} as const;

/**
 * Videos whose URL is not one of our stored files: fetched again from the post, or left for an
 * editor. A file the store does not have is never taken for gone: an unmounted volume or a wrong
 * bucket answers the same, so the store is probed first, and a video the post cannot give again
 * keeps its address.
 */
export async function fixVideoUrls(s: FixVideoUrlsDeps, ids?: number[]): Promise<TaskItem[]> {
  const items: TaskItem[] = [];
  const { source } = await s.sources.current();
  const rows = await videoArticles(s, ids);
  if (rows.length) {
    await s.storage.probe().catch((error: unknown) => { throw new PermanentError(VIDEO_FIX_MESSAGES.storeDown(failureText(error))); });
  }
  for (const article of rows) {
    const { key, error } = storedKey(s.storage, article.videoUrl!);
    if (error) {
      items.push({ articleId: article.id, status: 'error', message: error, file: article.videoUrl });
      continue;
    }
    if (key && (await s.storage.exists(key))) {
      items.push({ articleId: article.id, status: 'skipped', message: 'نشانی ویدیو درست است', file: key });
      continue;
    }
    try {
      const post = article.source && article.telegramId ? await source.fetchPost(article.source, article.telegramId) : null;
      const video = post?.videos.find((v) => v.url && !v.tooBig);
      if (video?.url) {
        const download = await downloadForStore(s, source, video.url, true);
        const url = await hostVideo(s, article, download.body, video.url).finally(() => download.done());
        items.push({ articleId: article.id, status: 'success', message: 'ویدیو دوباره از پست دریافت شد', file: url });
      } else if (!key) {
        items.push(await migrateOne(s, article));
      } else {
        items.push({ articleId: article.id, status: 'error', message: VIDEO_FIX_MESSAGES.missing, file: key });
      }
    } catch (error) {
      items.push({ articleId: article.id, status: 'error', message: failureText(error), file: article.videoUrl });
    }
  }
  return items;
}

async function migrateOne(s: Pick<Services, 'db' | 'media' | 'mediaPolicy' | 'contentChanged'>, article: ArticleRow): Promise<TaskItem> {
  const url = article.videoUrl!;
  try {
    const file = path.join(os.tmpdir(), `chapar-download-${randomBytes(8).toString('hex')}`);
    const stored = await fetchMediaToFile(url, s.mediaPolicy, file)
      .then(() => hostVideo(s, article, { file }, url))
      .finally(() => rm(file, { force: true }));
    return { articleId: article.id, status: 'success', message: 'ویدیو به فضای ذخیره‌سازی سایت منتقل شد', file: stored };
  } catch (error) {
    return { articleId: article.id, status: 'error', message: failureText(error), file: url };
  }
}

/** Videos on outside addresses (Telegram's CDN expires them) are copied to our storage. */
export async function migrateVideos(s: MigrateVideosDeps, ids?: number[]): Promise<TaskItem[]> {
  const items: TaskItem[] = [];
  for (const article of await videoArticles(s, ids)) {
    const { key, error } = storedKey(s.storage, article.videoUrl!);
    if (error) items.push({ articleId: article.id, status: 'error', message: error, file: article.videoUrl });
    else if (key) items.push({ articleId: article.id, status: 'skipped', message: 'ویدیو از قبل روی سایت است', file: article.videoUrl });
    else items.push(await migrateOne(s, article));
  }
  return items;
}

const videoSources = ($: ReturnType<typeof load>) => $('video').toArray().map((el) => $(el).attr('src') ?? $(el).find('source').attr('src') ?? '');

/** The same video embedded more than once in a body: later copies go. */
export async function dedupeVideos(s: Pick<Services, 'db' | 'contentChanged'>, ids?: number[]): Promise<TaskItem[]> {
  const items: TaskItem[] = [];
  for (const article of await articleAdminRepo.forRepair(s.db, { ids, limit: 5000 })) {
    const $ = load(`<div id="root">${article.content}</div>`, null, false);
    const seen = new Set<string>();
    let removed = 0;
    $('#root video').each((_, el) => {
      const src = $(el).attr('src') ?? $(el).find('source').attr('src') ?? '';
      if (!src) return;
      if (seen.has(src)) {
        const figure = $(el).closest('figure');
        (figure.length ? figure : $(el)).remove();
        removed++;
      }
      seen.add(src);
    });
    if (!removed) continue;
    const content = ($('#root').html() ?? '').trim();
    await articleAdminRepo.update(s.db, article.id, { content, ...derivedFields({ ...article, content }), updatedAt: new Date() });
    s.contentChanged();
    items.push({ articleId: article.id, status: 'success', message: `${toPersianDigits(removed)} ویدیوی تکراری حذف شد`, file: null });
  }
  return items;
}

/** Articles with a video that the body does not show yet get it embedded at the end. */
export async function embedVideos(s: Pick<Services, 'db' | 'storage' | 'contentChanged'>, ids?: number[]): Promise<TaskItem[]> {
  const items: TaskItem[] = [];
  for (const article of await videoArticles(s, ids)) {
    const $ = load(article.content, null, false);
    if (videoSources($).length) {
      items.push({ articleId: article.id, status: 'skipped', message: 'ویدیو در متن هست', file: article.videoUrl });
      continue;
    }
    const { key, error } = storedKey(s.storage, article.videoUrl!);
    if (error) {
      items.push({ articleId: article.id, status: 'error', message: error, file: article.videoUrl });
      continue;
    }
    const src = article.videoUrl!.replace(/"/g, '&quot;');
    const poster = article.videoPosterUrl ? ` poster="${article.videoPosterUrl.replace(/"/g, '&quot;')}"` : '';
    const content = `${article.content}\n<figure><video controls preload="metadata"${poster} src="${src}"></video></figure>`;
    await articleAdminRepo.update(s.db, article.id, { content, ...derivedFields({ ...article, content }), updatedAt: new Date() });
    if (key) await mediaRepo.attach(s.db, [key], article.id);
    s.contentChanged();
    items.push({ articleId: article.id, status: 'success', message: 'ویدیو در متن قرار گرفت', file: article.videoUrl });
  }
  return items;
}
