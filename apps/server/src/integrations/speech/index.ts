// The speech service: an article's text → one MP3 (16 kHz, mono) and its measured duration.
// espeak-ng offline by default; any OpenAI-compatible /audio/speech endpoint when configured.
// Long texts are spoken in parts, the parts joined as samples and encoded once.
import { splitForSpeech } from '@chapar/shared/text';
import { AUDIO_TOOLS, encodeMp3, preparePart, probeAudio, type AudioTools } from './audio.ts';
import { createEspeakEngine } from './espeak.ts';
import { createRemoteSpeechEngine } from './openai-speech.ts';
import type { SpeechEngine } from './types.ts';

export type { SpeechEngine } from './types.ts';
export { AUDIO_TOOLS, probeAudio, ToolMissingError, type AudioInfo, type AudioTools } from './audio.ts';
export { SpeechEndpointError } from './openai-speech.ts';

export interface SpeechConfig {
  baseUrl?: string;
  apiKey?: string;
  model: string;
  voice: string;
  timeoutMs: number;
}

export interface SpeechTools extends AudioTools {
  espeak: string;
}

export const DEFAULT_SPEECH_TOOLS: SpeechTools = { espeak: 'espeak-ng', ...AUDIO_TOOLS };

export interface SpokenAudio {
  mp3: Buffer;
  /** Seconds, as ffprobe reads them from the MP3. */
  duration: number;
  voice: string;
  parts: number;
}

export interface Speech {
  engine: SpeechEngine;
  tools: SpeechTools;
  /** Text → MP3; `onPart` after each spoken part (for progress). */
  speak(text: string, opts?: { signal?: AbortSignal; onPart?: (done: number, total: number) => void }): Promise<SpokenAudio>;
}

export function createSpeech(config: SpeechConfig, tools: SpeechTools = DEFAULT_SPEECH_TOOLS): Speech {
  const engine = config.baseUrl && config.apiKey
    ? createRemoteSpeechEngine({ baseUrl: config.baseUrl, apiKey: config.apiKey, model: config.model, voice: config.voice, timeoutMs: config.timeoutMs, tools })
    : createEspeakEngine({ espeak: tools.espeak, tools });
  return {
    engine,
    tools,
    async speak(text, opts = {}) {
      const parts = splitForSpeech(text, engine.maxChars);
      if (!parts.length) throw new Error('متنی برای خواندن نیست');
      const pcm: Buffer[] = [];
      for (const [i, part] of parts.entries()) {
        pcm.push(preparePart(await engine.speak(part, opts.signal)));
        opts.onPart?.(i + 1, parts.length);
      }
      const mp3 = await encodeMp3(tools, Buffer.concat(pcm), opts.signal);
      const info = await probeAudio(tools, mp3);
      return { mp3, duration: info.duration, voice: engine.voice, parts: parts.length };
    },
  };
}
