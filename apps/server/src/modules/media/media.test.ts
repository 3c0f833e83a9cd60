import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { hasFfmpeg } from '../../../testing/system-tools.ts';
import { FIXTURE_DIR } from '../../../testing/telegram-fixture-server.ts';
import { imageDhash } from './dhash.ts';
import { sniffMedia } from './sniff.ts';
import { verifyImageWatermark } from './verify-watermark.ts';
import { watermarkVideo } from './video-watermark.ts';
import { watermarkImage } from './watermark.ts';

const fixture = (name: string) => readFileSync(path.join(FIXTURE_DIR, 'media', name));

describe('sniffMedia', () => {
  it('knows files by their bytes', () => {
    expect(sniffMedia(fixture('dollar-market.jpg'))?.mimeType).toBe('image/jpeg');
    expect(sniffMedia(fixture('match-highlights.mp4'))?.mimeType).toBe('video/mp4');
    expect(sniffMedia(fixture('voice-report.ogg'))?.mimeType).toBe('audio/ogg');
    expect(sniffMedia(Buffer.from('ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000rest'))?.mimeType).toBe('audio/mpeg');
    expect(sniffMedia(Buffer.from('%PDF-1.7 and more bytes'))?.kind).toBe('document');
    expect(sniffMedia(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'))).toBeNull();
    expect(sniffMedia(Buffer.from('MZ\u0090\u0000 an executable...'))).toBeNull();
  });
});

describe('watermarks', () => {
  it('marks the bottom-right corner of a picture, and the check sees it', async () => {
    const original = fixture('dollar-market.jpg');
    const marked = await watermarkImage(original, 'چاپار');
    expect(marked).toMatchObject({ watermarked: true, width: 800, height: 450, mimeType: 'image/jpeg' });
    expect(await verifyImageWatermark(marked.body, original, 'چاپار')).toMatchObject({ present: true });
    expect(await verifyImageWatermark(original, original, 'چاپار')).toMatchObject({ present: false });
    // The corner changed, the opposite corner did not.
    const corner = async (img: Buffer, left: number) => (await sharp(img).extract({ left, top: 380, width: 120, height: 60 }).greyscale().raw().toBuffer());
    const diff = (a: Buffer, b: Buffer) => a.reduce((sum, v, i) => sum + Math.abs(v - b[i]), 0) / a.length;
    expect(diff(await corner(marked.body, 670), await corner(original, 670))).toBeGreaterThan(5);
    expect(diff(await corner(marked.body, 0), await corner(original, 0))).toBeLessThan(3);
  });

  it('leaves a picture too small for the mark as it is', async () => {
    const tiny = await sharp({ create: { width: 90, height: 50, channels: 3, background: '#000' } }).jpeg().toBuffer();
    expect((await watermarkImage(tiny, 'چاپار')).watermarked).toBe(false);
  });

  it.runIf(hasFfmpeg)('marks a video through ffmpeg', async () => {
    const marked = await watermarkVideo(fixture('match-highlights.mp4'), 'چاپار');
    expect(marked).toMatchObject({ watermarked: true, mimeType: 'video/mp4', width: 320, height: 180, durationSec: 2 });
    expect(sniffMedia(marked.body)?.kind).toBe('video');
  });

  it('hashes near-identical pictures alike', async () => {
    const original = fixture('dollar-market.jpg');
    const recompressed = await sharp(original).jpeg({ quality: 40 }).toBuffer();
    const a = BigInt(`0x${await imageDhash(original)}`);
    const b = BigInt(`0x${await imageDhash(recompressed)}`);
    expect((a ^ b).toString(2).replace(/0/g, '').length).toBeLessThanOrEqual(4);
  });
});
