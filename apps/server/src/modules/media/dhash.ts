// A 64-bit difference hash of an image (16 hex digits): near-identical pictures get
// hashes a few bits apart, which is what duplicate detection compares.
import { sharp } from '../../lazy-packages.ts';

export async function imageDhash(image: Buffer): Promise<string | null> {
  try {
    const pixels = await sharp(image, { failOn: 'none' }).rotate().greyscale().resize(9, 8, { fit: 'fill' }).raw().toBuffer();
    let bits = 0n;
    for (let y = 0; y < 8; y++) {
      for (let x = 0; x < 8; x++) bits = (bits << 1n) | (pixels[y * 9 + x] > pixels[y * 9 + x + 1] ? 1n : 0n);
    }
    return bits.toString(16).padStart(16, '0');
  } catch {
    return null;
  }
}
