// The audio path of the speech service: parts trimmed and faded so they join without a gap or
// a click, espeak-ng's parts joined into one MP3 as long as the parts together.
import { describe, expect, it } from 'vitest';
import { hasFfmpeg, hasOfflineSpeech } from '../../../testing/system-tools.ts';
import { SAMPLE_RATE, decodeToPcm, encodeMp3, preparePart, probeAudio, runTool } from './audio.ts';
import { createSpeech, DEFAULT_SPEECH_TOOLS } from './index.ts';

const tone = (seconds: number, silenceBefore = 0, silenceAfter = 0) => {
  const n = Math.round(seconds * SAMPLE_RATE);
  const pre = Math.round(silenceBefore * SAMPLE_RATE);
  const post = Math.round(silenceAfter * SAMPLE_RATE);
  const samples = new Int16Array(pre + n + post);
  for (let i = 0; i < n; i++) samples[pre + i] = Math.round(12_000 * Math.sin((2 * Math.PI * 440 * i) / SAMPLE_RATE + 1));
  return Buffer.from(samples.buffer);
};
const samplesOf = (pcm: Buffer) => new Int16Array(pcm.buffer.slice(pcm.byteOffset, pcm.byteOffset + pcm.length));

describe('parts made ready to join', () => {
  it('cuts long silence at either end to 220 ms', () => {
    const part = samplesOf(preparePart(tone(1, 2, 3)));
    expect(part.length / SAMPLE_RATE).toBeCloseTo(1 + 0.22 + 0.22, 2);
    expect(preparePart(tone(0, 1, 0)).length).toBe(0);
  });

  it('fades a part that starts and ends in sound, so two parts meet without a jump (no click)', () => {
    // A sine that starts at sin(1) would jump from the last part's end to ~10,000 at once.
    const joined = samplesOf(Buffer.concat([preparePart(tone(0.5)), preparePart(tone(0.5))]));
    const half = joined.length / 2;
    expect(joined[0]).toBe(0);
    expect(Math.abs(joined[half - 1])).toBeLessThan(100);
    expect(Math.abs(joined[half])).toBeLessThan(100);
    let maxStep = 0;
    for (let i = 1; i < joined.length; i++) maxStep = Math.max(maxStep, Math.abs(joined[i] - joined[i - 1]));
    // Nowhere a step larger than the tone's own slope (2π·440/16000·12,000 ≈ 2,070).
    expect(maxStep).toBeLessThan(2_200);
    // Unprepared, a part that starts in sound jumps from the silence before it by about 10,000.
    const raw = samplesOf(Buffer.concat([Buffer.alloc(200), tone(0.5)]));
    expect(Math.abs(raw[100] - raw[99])).toBeGreaterThan(5_000);
  });

  it.runIf(hasFfmpeg)('joins parts into one MP3 as long as the parts together', async () => {
    const parts = [tone(1.5), tone(2), tone(0.5)].map(preparePart);
    const mp3 = await encodeMp3(DEFAULT_SPEECH_TOOLS, Buffer.concat(parts));
    const info = await probeAudio(DEFAULT_SPEECH_TOOLS, mp3);
    expect(info).toMatchObject({ codec: 'mp3', sampleRate: 16_000, channels: 1 });
    // MP3 frames are 72 ms at 16 kHz: the file ends within a frame of the samples.
    expect(Math.abs(info.duration - 4)).toBeLessThan(0.15);
  });
});

describe.runIf(hasOfflineSpeech)('espeak-ng in parts', () => {
  it('speaks a text cut into parts as long as its parts spoken alone, joined', async () => {
    const speech = createSpeech({ model: '', voice: '', timeoutMs: 10_000 });
    const sentence = 'بانک مرکزی امروز گزارش تازه‌ای درباره نرخ تورم و رشد اقتصادی منتشر کرد.';
    const text = Array.from({ length: 60 }, () => sentence).join(' ');
    const spoken = await speech.speak(text);
    expect(spoken.parts).toBeGreaterThan(1);
    expect(spoken.voice).toBe('espeak-ng-fa');
    // The same parts, each spoken and trimmed alone.
    const { splitForSpeech } = await import('@chapar/shared/text');
    let alone = 0;
    for (const part of splitForSpeech(text, speech.engine.maxChars)) {
      const wav = await runTool('espeak-ng', ['-v', 'fa', '-s', '160', '--stdin', '--stdout'], part);
      alone += preparePart(await decodeToPcm(DEFAULT_SPEECH_TOOLS, wav)).length / 2 / SAMPLE_RATE;
    }
    expect(Math.abs(spoken.duration - alone)).toBeLessThan(0.15);
  });
});
