// Audio through ffmpeg: anything a speech engine returns decoded to raw PCM (16 kHz, mono,
// signed 16-bit), parts joined sample by sample, encoded once to MP3, and the duration of the
// file read back with ffprobe. One encode over the joined samples leaves no encoder padding
// or silence between the parts.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const SAMPLE_RATE = 16_000;
export const MP3_BITRATE = '32k';

export interface AudioTools {
  ffmpeg: string;
  ffprobe: string;
}

export const AUDIO_TOOLS: AudioTools = { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' };

/** Runs a program with `input` on stdin; its stdout, or an error with the first line of stderr. */
export function runTool(command: string, args: string[], input: Buffer | string | null, opts: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], signal: opts.signal, timeout: opts.timeoutMs ?? 120_000 });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') reject(new ToolMissingError(command));
      else reject(error);
    });
    child.on('close', (code, signal) => {
      if (code === 0) return resolve(Buffer.concat(out));
      const line = Buffer.concat(err).toString().trim().split('\n').at(-1)?.slice(0, 200) ?? '';
      reject(new Error(`${command} ${signal ? `stopped (${signal})` : `exited with ${code}`}${line ? `: ${line}` : ''}`));
    });
    // A tool that exits before reading all its input is reported by 'close', not by EPIPE.
    child.stdin.on('error', () => undefined);
    child.stdin.end(input ?? undefined);
  });
}

/** A program the speech service needs is not installed. */
export class ToolMissingError extends Error {
  override readonly name = 'ToolMissingError';
  constructor(readonly tool: string) {
    super(`${tool} نصب نیست`);
  }
}

/** Any audio ffmpeg reads (WAV, MP3, Opus, FLAC...) → PCM s16le, 16 kHz, mono. */
export function decodeToPcm(tools: AudioTools, audio: Buffer, signal?: AbortSignal): Promise<Buffer> {
  return runTool(tools.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-i', 'pipe:0', '-vn', '-f', 's16le', '-acodec', 'pcm_s16le', '-ar', String(SAMPLE_RATE), '-ac', '1', 'pipe:1'], audio, { signal });
}

const EDGE_SILENCE_MS = 220;
const FADE_MS = 8;
const SILENCE_LEVEL = 300;

/**
 * One spoken part made ready to join: silence at either end cut to at most 220 ms (so parts
 * follow each other like sentences, not with a gap), and an 8 ms fade in and out, so no
 * sample jumps where two parts meet (no click).
 */
export function preparePart(pcm: Buffer): Buffer {
  const samples = new Int16Array(pcm.buffer.slice(pcm.byteOffset, pcm.byteOffset + (pcm.length & ~1)));
  let first = 0;
  while (first < samples.length && Math.abs(samples[first]) < SILENCE_LEVEL) first++;
  let last = samples.length - 1;
  while (last > first && Math.abs(samples[last]) < SILENCE_LEVEL) last--;
  if (first >= samples.length) return Buffer.alloc(0);
  const keep = Math.round((EDGE_SILENCE_MS / 1000) * SAMPLE_RATE);
  const start = Math.max(0, first - keep);
  const end = Math.min(samples.length, last + 1 + keep);
  const out = samples.slice(start, end);
  const fade = Math.min(Math.round((FADE_MS / 1000) * SAMPLE_RATE), Math.floor(out.length / 2));
  for (let i = 0; i < fade; i++) {
    const gain = i / fade;
    out[i] = Math.round(out[i] * gain);
    out[out.length - 1 - i] = Math.round(out[out.length - 1 - i] * gain);
  }
  return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
}

/** Joined PCM → one MP3 (16 kHz, mono, constant bit rate). */
export function encodeMp3(tools: AudioTools, pcm: Buffer, signal?: AbortSignal): Promise<Buffer> {
  return runTool(tools.ffmpeg, [
    '-hide_banner', '-loglevel', 'error', '-f', 's16le', '-ar', String(SAMPLE_RATE), '-ac', '1', '-i', 'pipe:0',
    '-c:a', 'libmp3lame', '-b:a', MP3_BITRATE, '-ar', String(SAMPLE_RATE), '-ac', '1', '-f', 'mp3', 'pipe:1',
  ], pcm, { signal });
}

export interface AudioInfo {
  codec: string;
  sampleRate: number;
  channels: number;
  /** Seconds. */
  duration: number;
}

/** What ffprobe reads from a file's bytes: codec, sample rate, channels, duration. */
export async function probeAudio(tools: AudioTools, file: Buffer): Promise<AudioInfo> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'chapar-probe-'));
  try {
    const target = path.join(dir, 'audio');
    await writeFile(target, file);
    const out = await runTool(tools.ffprobe, ['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'stream=codec_name,sample_rate,channels:format=duration', '-of', 'json', target], null);
    const json = JSON.parse(out.toString()) as { streams?: Array<{ codec_name: string; sample_rate: string; channels: number }>; format?: { duration?: string } };
    const stream = json.streams?.[0];
    const duration = Number(json.format?.duration);
    if (!stream || !Number.isFinite(duration)) throw new Error('ffprobe found no audio in the file');
    return { codec: stream.codec_name, sampleRate: Number(stream.sample_rate), channels: stream.channels, duration };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
