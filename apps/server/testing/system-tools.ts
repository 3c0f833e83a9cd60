// Whether this machine has the programs some tests need: the same checks scripts/test.mjs makes
// (scripts/tools.mjs), which says loudly which suites it skips and how to install them; under CI a
// missing one fails the run before any test starts, so these guards never hide a missing tool there.
import { TOOLS } from '../../../scripts/tools.mjs';

/** ffmpeg (with ffprobe): audio encoding, video posters and marks. */
export const hasFfmpeg: boolean = TOOLS.ffmpeg.check();
/** espeak-ng (offline Persian speech) with ffmpeg to encode what it says. */
export const hasOfflineSpeech: boolean = hasFfmpeg && TOOLS['espeak-ng'].check();
