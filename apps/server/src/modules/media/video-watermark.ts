// Watermarks a video with ffmpeg by overlaying a PNG drawn by sharp (ffmpeg's drawtext
// puts mixed Persian text in the wrong order), 70% opaque, bottom-right.
// Without ffmpeg the video is kept as it is and reported unmarked: degrade, don't die.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { VIDEO_WATERMARK_OPACITY, watermarkBox, watermarkFontSize, watermarkOverlay } from './watermark.ts';

const run = promisify(execFile);

export interface WatermarkedVideo {
  body: Buffer;
  mimeType: string;
  ext: string;
  width?: number;
  height?: number;
  durationSec?: number;
  watermarked: boolean;
  /** Why it was not marked, when it was not. */
  note?: string;
}

async function probe(file: string): Promise<{ width: number; height: number; durationSec?: number }> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height:format=duration', '-of', 'json', file], { timeout: 20_000 });
  const info = JSON.parse(stdout) as { streams?: Array<{ width?: number; height?: number }>; format?: { duration?: string } };
  const stream = info.streams?.[0];
  if (!stream?.width || !stream.height) throw new Error('no video stream');
  const duration = Number(info.format?.duration);
  return { width: stream.width, height: stream.height, durationSec: Number.isFinite(duration) ? Math.round(duration) : undefined };
}

export async function watermarkVideo(
  input: Buffer, text: string, options: { timeoutMs?: number; mimeType?: string; ext?: string } = {},
): Promise<WatermarkedVideo> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'chapar-video-'));
  const source = path.join(dir, 'in');
  const output = path.join(dir, 'out.mp4');
  try {
    await writeFile(source, input);
    const info = await probe(source);
    const fontSize = watermarkFontSize(info.width);
    const overlay = await watermarkOverlay(text, fontSize, VIDEO_WATERMARK_OPACITY);
    const box = watermarkBox(info.width, info.height, overlay, fontSize);
    await writeFile(path.join(dir, 'mark.png'), overlay.png);
    await run('ffmpeg', [
      '-nostdin', '-y', '-loglevel', 'error', '-i', source, '-i', path.join(dir, 'mark.png'),
      '-filter_complex', `[0:v][1:v]overlay=${box.left}:${box.top}`,
      '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', '+faststart', output,
    ], { timeout: options.timeoutMs ?? 300_000 });
    return { body: await readFile(output), mimeType: 'video/mp4', ext: 'mp4', ...info, watermarked: true };
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    return { body: input, mimeType: options.mimeType ?? 'video/mp4', ext: options.ext ?? 'mp4', watermarked: false, note: missing ? 'ffmpeg is not installed' : `ffmpeg failed: ${(error as Error).message.slice(0, 200)}` };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
