// Any OpenAI-compatible speech endpoint: POST {base}/audio/speech with model, voice and input,
// the audio in the answer decoded by ffmpeg (whatever format the server chose to return).
import { decodeToPcm, type AudioTools } from './audio.ts';
import type { SpeechEngine } from './types.ts';
import { formatNumberFa, ltr, toPersianDigits } from '@chapar/shared/text';

export interface RemoteSpeechOptions {
  baseUrl: string;
  apiKey: string;
  model: string;
  voice: string;
  timeoutMs: number;
  tools: AudioTools;
}

/** The speech endpoint answered with an error, or not in time. */
export class SpeechEndpointError extends Error {
  override readonly name = 'SpeechEndpointError';
}

export function createRemoteSpeechEngine(opts: RemoteSpeechOptions): SpeechEngine {
  const url = `${opts.baseUrl.replace(/\/+$/, '')}/audio/speech`;
  return {
    kind: 'remote',
    voice: opts.voice,
    // OpenAI's limit is 4096 characters; parts well below it sound the same and fail smaller.
    maxChars: 1500,
    async speak(text, signal) {
      const timeout = AbortSignal.timeout(opts.timeoutMs);
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${opts.apiKey}` },
          body: JSON.stringify({ model: opts.model, voice: opts.voice, input: text, response_format: 'wav' }),
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
      } catch (error) {
        if (timeout.aborted) throw new SpeechEndpointError(`سرویس گفتار در ${formatNumberFa(Math.round(opts.timeoutMs / 1000))} ثانیه پاسخ نداد`);
        throw new SpeechEndpointError(`سرویس گفتار در دسترس نیست (${ltr((error as Error).message)})`);
      }
      let body: Buffer;
      try {
        body = Buffer.from(await response.arrayBuffer());
      } catch (error) {
        if (timeout.aborted) throw new SpeechEndpointError(`سرویس گفتار در ${formatNumberFa(Math.round(opts.timeoutMs / 1000))} ثانیه پاسخ نداد`);
        throw error;
      }
      if (!response.ok) {
        const detail = body.toString('utf8').slice(0, 200).replace(/\s+/g, ' ');
        throw new SpeechEndpointError(`سرویس گفتار خطای ${toPersianDigits(response.status)} داد${detail ? ` (${ltr(detail)})` : ''}`);
      }
      if (!body.length) throw new SpeechEndpointError('سرویس گفتار صدایی برنگرداند');
      try {
        return await decodeToPcm(opts.tools, body, signal);
      } catch (error) {
        throw new SpeechEndpointError(`پاسخ سرویس گفتار صدای خوانا نبود: ${(error as Error).message}`);
      }
    },
  };
}
