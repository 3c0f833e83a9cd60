// The offline voice: espeak-ng speaking Persian ('fa'), its WAV decoded by ffmpeg.
import { decodeToPcm, runTool, type AudioTools } from './audio.ts';
import type { SpeechEngine } from './types.ts';

export const ESPEAK_VOICE = 'fa';

export function createEspeakEngine(opts: { espeak: string; tools: AudioTools; wordsPerMinute?: number }): SpeechEngine {
  return {
    kind: 'espeak',
    voice: `espeak-ng-${ESPEAK_VOICE}`,
    // espeak-ng takes any length, but parts keep memory flat and show progress.
    maxChars: 2000,
    async speak(text, signal) {
      // The text on stdin: no argument-length limit, and nothing read as an option.
      const wav = await runTool(opts.espeak, ['-v', ESPEAK_VOICE, '-s', String(opts.wordsPerMinute ?? 160), '--stdin', '--stdout'], text, { signal });
      return decodeToPcm(opts.tools, wav, signal);
    },
  };
}
