// Whether this machine has the programs some tests need. scripts/test.mjs checks the same ones,
// says loudly which suites it skips and how to install them; under CI a missing one fails the run
// before any test starts, so these guards never hide a missing tool there.
import { execFileSync } from 'node:child_process';

const runs = (cmd: string, args: string[]) => {
  try {
    execFileSync(cmd, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** ffmpeg and ffprobe: audio encoding, video posters and marks. */
export const hasFfmpeg = runs('ffmpeg', ['-version']) && runs('ffprobe', ['-version']);
/** espeak-ng (offline Persian speech) with ffmpeg to encode what it says. */
export const hasOfflineSpeech = hasFfmpeg && runs('espeak-ng', ['--version']);
