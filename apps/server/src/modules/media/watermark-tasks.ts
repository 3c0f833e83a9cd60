// Watermark maintenance on stored media: apply the mark (again) from the kept originals,
// and verify that each stored image really carries it. Images stored before originals
// were kept (or put in place by hand) are adopted: the file found is taken as the original.
// A mark that changes a picture's bytes moves it to a new address (media-version.ts): the
// articles showing it are pointed there (kept for the run's undo) and the old file is set aside
// until the daily purge, so an undo or a restored version still shows it.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ReportItem } from '@chapar/shared/contracts';
import { formatNumberFa, ltr } from '@chapar/shared/text';
import { articleAdminRepo } from '../articles/admin-repo.ts';
import { failureText } from '../../integrations/failure-text.ts';
import type { Services } from '../../services.ts';
import { contentVersion, revisedMediaKey } from './media-version.ts';
import { mediaRepo, type MediaAssetRow } from './repo.ts';
import { sniffMedia } from './sniff.ts';
import { storeMedia } from './store-media.ts';
import { verifyImageWatermark } from './verify-watermark.ts';
import { watermarkVideo } from './video-watermark.ts';
import { storedKey } from './stored-key.ts';
import { queueVariants } from './variants.ts';
import { ImageTooLargeError, UnreadableImageError, watermarkImage } from './watermark.ts';

type ApplyWatermarksDeps = Pick<Services, 'config' | 'db' | 'log' | 'storage' | 'originals' | 'jobs' | 'contentChanged'>;

const run = promisify(execFile);

export interface TaskItem { articleId: number | null; status: 'success' | 'skipped' | 'error'; message: string; file: string | null }

/** What one item's failure tells the admin: the picture's own fault in Persian, anything else as it came. */
/** How far the marked corner differs from the original, on the 0–255 scale of a pixel: '۴۵٫۲ از ۲۵۵'. */
const markStrength = (difference: number) => `تفاوت گوشهٔ نشان با نسخهٔ اصلی: ${formatNumberFa(Math.round(difference * 10) / 10)} از ${formatNumberFa(255)}`;

function taskError(error: unknown): string {
  if (error instanceof ImageTooLargeError) return 'ابعاد تصویر بیش از حد بزرگ است';
  if (error instanceof UnreadableImageError) return 'تصویر خراب است و خوانده نمی‌شود';
  return failureText(error);
}

export const toReport = (items: TaskItem[], fileType: string): ReportItem[] =>
  items.map((i) => ({ status: i.status, articleId: i.articleId, filename: i.file, fileType, reason: i.message }));

/** Assets of the scope; articles whose cover is one of our files without an asset row get one. */
async function imageAssets(s: Pick<Services, 'db' | 'storage' | 'originals'>, articleIds: number[] | undefined, onlyUnmarked: boolean): Promise<{ assets: MediaAssetRow[]; problems: TaskItem[] }> {
  const problems: TaskItem[] = [];
  if (articleIds) {
    for (const article of await articleAdminRepo.byIds(s.db, articleIds)) {
      if (!article.imageUrl) continue;
      const { key, error } = storedKey(s.storage, article.imageUrl);
      if (error) {
        problems.push({ articleId: article.id, status: 'error', message: error, file: article.imageUrl });
        continue;
      }
      if (!key || (await mediaRepo.byKey(s.db, key))) continue;
      const file = await s.storage.get(key);
      if (!file) continue;
      await s.originals.put(key, file, 'application/octet-stream');
      await mediaRepo.upsert(s.db, { articleId: article.id, kind: 'image', storageKey: key, url: article.imageUrl, mimeType: 'image/jpeg', bytes: file.length, watermarked: false, position: 0 });
    }
  }
  return { assets: await mediaRepo.images(s.db, { articleIds, onlyUnmarked: onlyUnmarked && !articleIds, limit: 5000 }), problems };
}

export async function applyWatermarks(s: ApplyWatermarksDeps, articleIds?: number[]): Promise<TaskItem[]> {
  const { assets, problems } = await imageAssets(s, articleIds, true);
  const items = [...problems];
  const changed: number[] = [];
  const movedKeys: string[] = [];
  for (const asset of assets) {
    const file = asset.storageKey;
    try {
      let original = await s.originals.get(file);
      if (!original && !asset.watermarked) {
        original = await s.storage.get(file);
        if (original) await s.originals.put(file, original, asset.mimeType);
      }
      if (!original) {
        items.push({ articleId: asset.articleId, status: 'skipped', message: 'نسخه اصلی در دسترس نیست', file });
        continue;
      }
      const marked = await watermarkImage(original, s.config.watermarkText);
      const key = revisedMediaKey(file, contentVersion(marked.body), marked.ext);
      const moved = key !== file;
      // New bytes, a new address: the original goes beside it first, as storeMedia keeps it.
      if (moved) await s.originals.put(key, original, sniffMedia(original)?.mimeType ?? 'application/octet-stream');
      const stored = await s.storage.put(key, marked.body, marked.mimeType);
      const patch = { url: stored.url, mimeType: marked.mimeType, watermarked: marked.watermarked, bytes: marked.body.length, width: marked.width, height: marked.height };
      if (moved) {
        changed.push(...(await moveAddress(s, asset, { ...patch, storageKey: key })));
        movedKeys.push(key);
      } else {
        await mediaRepo.update(s.db, asset.id, patch);
      }
      items.push({ articleId: asset.articleId, status: marked.watermarked ? 'success' : 'skipped', message: marked.watermarked ? 'واترمارک اعمال شد' : 'تصویر برای واترمارک مناسب نیست', file: key });
    } catch (error) {
      items.push({ articleId: asset.articleId, status: 'error', message: taskError(error), file });
    }
  }
  // The marked pictures changed: their variants are made again from them.
  await queueVariants(s, [...new Set([...items.filter((i) => i.status === 'success' && i.file).map((i) => i.file!), ...movedKeys])]);
  if (changed.length) s.contentChanged({ articleIds: [...new Set(changed)] });
  return items;
}

/**
 * A picture moved to a new address: a row for the new file takes the old one's place, every
 * article showing the old address (its cover, a figure in its body) points at the new one, and
 * the old file is set aside, its bytes still served until the purge (purgeSetAside). The ids of the articles changed.
 */
async function moveAddress(s: Pick<Services, 'db' | 'storage'>, asset: MediaAssetRow, next: Pick<MediaAssetRow, 'storageKey' | 'url' | 'mimeType' | 'watermarked' | 'bytes' | 'width' | 'height'>): Promise<number[]> {
  const { id: _id, createdAt: _created, replacedAt: _replaced, ...kept } = asset;
  await mediaRepo.upsert(s.db, { ...kept, ...next, replacedAt: null });
  const ids: number[] = [];
  for (const old of new Set([asset.url, s.storage.url(asset.storageKey)])) ids.push(...(await articleAdminRepo.replaceMediaUrl(s.db, old, next.url)));
  await mediaRepo.setAside(s.db, [asset.storageKey], new Date());
  return ids;
}

export async function verifyWatermarks(s: Pick<Services, 'config' | 'db' | 'storage' | 'originals'>, articleIds?: number[]): Promise<TaskItem[]> {
  const { assets, problems } = await imageAssets(s, articleIds, false);
  const items = [...problems];
  for (const asset of assets) {
    const file = asset.storageKey;
    try {
      const [stored, original] = await Promise.all([s.storage.get(file), s.originals.get(file)]);
      if (!stored) {
        items.push({ articleId: asset.articleId, status: 'error', message: 'فایل ذخیره‌شده پیدا نشد', file });
        continue;
      }
      if (!original) {
        items.push({ articleId: asset.articleId, status: 'skipped', message: 'نسخه اصلی برای مقایسه نیست', file });
        continue;
      }
      const check = await verifyImageWatermark(stored, original, s.config.watermarkText);
      if (check.present !== asset.watermarked) await mediaRepo.update(s.db, asset.id, { watermarked: check.present });
      items.push({ articleId: asset.articleId, status: check.present ? 'success' : 'error', message: check.present ? `واترمارک تأیید شد (${markStrength(check.markDifference)})` : 'واترمارک یافت نشد', file });
    } catch (error) {
      items.push({ articleId: asset.articleId, status: 'error', message: taskError(error), file });
    }
  }
  return items;
}

/** Marks a drawn sample picture (and, with ffmpeg, a sample video), checks the mark and stores the picture. */
export async function watermarkSelfTest(s: Pick<Services, 'config' | 'log' | 'storage' | 'media'>): Promise<{ items: TaskItem[]; url: string }> {
  const { renderDemoImage } = await import('@chapar/db/seed');
  const sample = await renderDemoImage({ title: 'آزمون واترمارک چاپار', category: 'Technology', index: 7 });
  const stored = await storeMedia(s.media, { keyBase: `watermark-test/${Date.now()}`, position: 0, role: 'image', body: sample, sourceUrl: null, accept: ['image'] });
  const check = await verifyImageWatermark((await s.storage.get(stored.storageKey))!, sample, s.config.watermarkText);
  const items: TaskItem[] = [{
    articleId: null, status: check.present ? 'success' : 'error', file: stored.url,
    message: check.present ? `واترمارک تصویر درست اعمال شد (${markStrength(check.markDifference)})` : 'واترمارک در تصویر آزمایشی دیده نشد',
  }];
  const video = await sampleVideo();
  if (!video) {
    items.push({ articleId: null, status: 'skipped', file: null, message: `${ltr('ffmpeg')} نصب نیست؛ ویدیوها بدون واترمارک ذخیره می‌شوند` });
  } else {
    const marked = await watermarkVideo(video, s.config.watermarkText);
    items.push({ articleId: null, status: marked.watermarked ? 'success' : 'error', file: null, message: marked.watermarked ? 'واترمارک ویدیو درست اعمال شد' : (marked.note ?? 'واترمارک ویدیو انجام نشد') });
    if (marked.error) s.log.warn(`watermark self-test: video watermark failed: ${marked.error}`);
  }
  return { items, url: stored.url };
}

/** One second of a plain colour, made by ffmpeg; null without ffmpeg. */
async function sampleVideo(): Promise<Buffer | null> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'chapar-sample-'));
  try {
    const file = path.join(dir, 'sample.mp4');
    await run('ffmpeg', ['-nostdin', '-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'color=c=navy:s=640x360:d=1', '-pix_fmt', 'yuv420p', file], { timeout: 30_000 });
    return await readFile(file);
  } catch {
    return null;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
