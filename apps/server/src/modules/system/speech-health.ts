// The speech service as the site uses it: espeak-ng speaking Persian (voice 'fa'), and
// ffmpeg with an MP3 encoder to turn it into the podcast file. Each tool is asked to do
// its part (a word spoken to WAV, the encoder listed), not only to print its version; a
// missing tool or voice is 'down' with the reason.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ltr } from '@chapar/shared/text';
import { ToolMissingError, type Speech } from '../../integrations/speech/index.ts';
import { failureText } from '../../integrations/failure-text.ts';

const run = promisify(execFile);

export interface SpeechTools {
  espeak: string;
  ffmpeg: string;
}

export const SPEECH_TOOLS: SpeechTools = { espeak: 'espeak-ng', ffmpeg: 'ffmpeg' };

export type SpeechCheck = { status: 'healthy' } | { status: 'down'; error: string };

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Both tools are checked, so a site missing both is told of both at once. */
export async function checkSpeech(tools: SpeechTools = SPEECH_TOOLS): Promise<SpeechCheck> {
  const problems = [await checkEspeak(tools), await checkFfmpeg(tools)].filter((p): p is string => p !== null);
  return problems.length ? { status: 'down', error: problems.join(' — ') } : { status: 'healthy' };
}

async function checkEspeak(tools: SpeechTools): Promise<string | null> {
  let wav: Buffer;
  try {
    ({ stdout: wav } = await run(tools.espeak, ['-v', 'fa', '--stdout', 'سلام'], { encoding: 'buffer', timeout: 10_000, maxBuffer: 4 * 1024 * 1024 }));
  } catch (error) {
    if (missing(error)) return `${ltr(tools.espeak)} نصب نیست؛ پادکست ساخته نمی‌شود`;
    return `${ltr(tools.espeak)} با صدای فارسی کار نکرد (${ltr(firstLine(error))})`;
  }
  // A WAV file: 'RIFF' … 'WAVE', a 44-byte header, then the samples.
  if (wav.length <= 44 || wav.subarray(0, 4).toString('latin1') !== 'RIFF' || wav.subarray(8, 12).toString('latin1') !== 'WAVE') {
    return `${ltr(tools.espeak)} صدایی برای متن فارسی نساخت`;
  }
  return null;
}

/** ffmpeg makes the podcast's MP3 and watermarks videos. */
async function checkFfmpeg(tools: SpeechTools): Promise<string | null> {
  try {
    const { stdout } = await run(tools.ffmpeg, ['-hide_banner', '-encoders'], { timeout: 10_000, maxBuffer: 4 * 1024 * 1024 });
    if (!/\blibmp3lame\b/.test(stdout)) return `${ltr(tools.ffmpeg)} رمزگذار ${ltr('libmp3lame')} را ندارد؛ فایل پادکست ساخته نمی‌شود`;
  } catch (error) {
    if (missing(error)) return `${ltr(tools.ffmpeg)} نصب نیست؛ فایل صوتی پادکست ساخته نمی‌شود و ویدیوها بدون واترمارک ذخیره می‌شوند`;
    return `${ltr(tools.ffmpeg)} اجرا نشد (${ltr(firstLine(error))})`;
  }
  return null;
}

function firstLine(error: unknown): string {
  const e = error as { stderr?: Buffer | string; message?: string };
  const text = (e.stderr ? e.stderr.toString() : '') || e.message || String(error);
  return text.trim().split('\n')[0].slice(0, 200);
}

/**
 * With SPEECH_BASE_URL set: ffmpeg and ffprobe are still needed here (the endpoint's audio is
 * decoded, joined, encoded and measured), and the endpoint is asked to say one word.
 */
export async function checkRemoteSpeech(speech: Speech, signal?: AbortSignal): Promise<SpeechCheck> {
  try {
    await speech.engine.speak('سلام', signal);
  } catch (error) {
    if (error instanceof ToolMissingError) return { status: 'down', error: `${ltr(error.tool)} نصب نیست؛ صدای سرویس گفتار به فایل پادکست تبدیل نمی‌شود` };
    return { status: 'down', error: `${failureText(error)}؛ پادکست ساخته نمی‌شود` };
  }
  try {
    await run(speech.tools.ffprobe, ['-version'], { timeout: 10_000 });
  } catch (error) {
    if (missing(error)) return { status: 'down', error: `${ltr(speech.tools.ffprobe)} نصب نیست؛ مدت پادکست اندازه گرفته نمی‌شود` };
    return { status: 'down', error: `${ltr(speech.tools.ffprobe)} اجرا نشد (${ltr(firstLine(error))})` };
  }
  return { status: 'healthy' };
}
