// Videos through ffmpeg, file to file (a large video is never held whole in memory):
// probed (a file ffprobe cannot read as a video is refused), watermarked by overlaying a PNG
// drawn by sharp (ffmpeg's drawtext puts mixed Persian text in the wrong order), 70% opaque,
// bottom-right, and a poster frame taken. Without ffmpeg the video is kept as it is and
// reported unmarked: degrade, don't die.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { VIDEO_WATERMARK_OPACITY, watermarkBox, watermarkFontSize, watermarkOverlay } from './watermark.ts';
import { ltr } from '@chapar/shared/text';

/** Why a video was stored unmarked, as the reports say it (ffmpeg's own words go to the server log). */
export const VIDEO_NOTES = {
  missing: `${ltr('ffmpeg')} نصب نیست؛ ویدیو بدون واترمارک ذخیره شد`,
  failed: 'واترمارک ویدیو ناموفق بود؛ ویدیو بدون واترمارک ذخیره شد',
} as const;

const run = promisify(execFile);

export interface WatermarkedVideo {
  body: Buffer;
  mimeType: string;
  ext: string;
  width?: number;
  height?: number;
  durationSec?: number;
  watermarked: boolean;
  /** Why it was not marked, when it was not (Persian), and ffmpeg's own words for the log. */
  note?: string;
  error?: string;
}

export interface VideoInfo { width: number; height: number; durationSec?: number }

/** A file ffmpeg cannot read as a video (broken, truncated, or not a video at all). */
export class UnreadableVideoError extends Error {}

const missingTool = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Size and duration of a video file; null when ffprobe is not installed; UnreadableVideoError when it cannot read the file. */
export async function probeVideo(file: string): Promise<VideoInfo | null> {
  let stdout: string;
  try {
    ({ stdout } = await run('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height:format=duration', '-of', 'json', file], { timeout: 20_000 }));
  } catch (error) {
    if (missingTool(error)) return null;
    throw new UnreadableVideoError(`ffprobe cannot read the video: ${((error as { stderr?: string }).stderr || (error as Error).message).trim().slice(0, 200)}`);
  }
  const info = JSON.parse(stdout) as { streams?: Array<{ width?: number; height?: number }>; format?: { duration?: string } };
  const stream = info.streams?.[0];
  if (!stream?.width || !stream.height) throw new UnreadableVideoError('the file has no video stream');
  const duration = Number(info.format?.duration);
  return { width: stream.width, height: stream.height, durationSec: Number.isFinite(duration) ? Math.round(duration) : undefined };
}

/** Marks `source` into `output` (H.264 MP4, fast start); throws when ffmpeg fails. */
export async function watermarkVideoFile(source: string, output: string, info: VideoInfo, text: string, timeoutMs = 300_000): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'chapar-mark-'));
  try {
    const fontSize = watermarkFontSize(info.width);
    const overlay = await watermarkOverlay(text, fontSize, VIDEO_WATERMARK_OPACITY);
    const box = watermarkBox(info.width, info.height, overlay, fontSize);
    await writeFile(path.join(dir, 'mark.png'), overlay.png);
    await run('ffmpeg', [
      '-nostdin', '-y', '-loglevel', 'error', '-i', source, '-i', path.join(dir, 'mark.png'),
      '-filter_complex', `[0:v][1:v]overlay=${box.left}:${box.top}`,
      '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', '+faststart', output,
    ], { timeout: timeoutMs });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A JPEG frame a second in (or from the middle of a shorter video) for the player's poster; null when ffmpeg cannot make one. */
export async function posterFrame(video: string, output: string, durationSec?: number): Promise<boolean> {
  const at = durationSec === undefined ? 0 : Math.min(1, durationSec / 2);
  try {
    await run('ffmpeg', ['-nostdin', '-y', '-loglevel', 'error', '-ss', at.toFixed(2), '-i', video, '-frames:v', '1', '-vf', "scale='min(1280,iw)':-2", '-q:v', '4', output], { timeout: 60_000 });
    return (await readFile(output).catch(() => null))?.length ? true : false;
  } catch {
    return false;
  }
}

/** In-memory form for small samples (the watermark self-test); storing media goes file to file. */
export async function watermarkVideo(
  input: Buffer, text: string, options: { timeoutMs?: number; mimeType?: string; ext?: string } = {},
): Promise<WatermarkedVideo> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'chapar-video-'));
  const source = path.join(dir, 'in');
  const output = path.join(dir, 'out.mp4');
  try {
    await writeFile(source, input);
    const info = await probeVideo(source);
    if (!info) throw Object.assign(new Error('ffprobe'), { code: 'ENOENT' });
    await watermarkVideoFile(source, output, info, text, options.timeoutMs);
    return { body: await readFile(output), mimeType: 'video/mp4', ext: 'mp4', ...info, watermarked: true };
  } catch (error) {
    const missing = missingTool(error);
    return { body: input, mimeType: options.mimeType ?? 'video/mp4', ext: options.ext ?? 'mp4', watermarked: false, note: missing ? VIDEO_NOTES.missing : VIDEO_NOTES.failed, error: missing ? undefined : (error as Error).message.slice(0, 200) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
