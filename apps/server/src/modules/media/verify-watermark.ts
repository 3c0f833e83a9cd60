// Checks that a stored image really carries the watermark: the corner where the mark
// goes must differ from the untouched original clearly more than the rest of the image
// does (re-encoding alone changes every pixel a little).
import { sharp } from '../../lazy-packages.ts';
import { IMAGE_WATERMARK_OPACITY, watermarkBox, watermarkFontSize, watermarkOverlay } from './watermark.ts';

export interface WatermarkCheck {
  present: boolean;
  /** Mean difference in the mark's corner and in an equal control area elsewhere (0–255). */
  markDifference: number;
  controlDifference: number;
}

type Box = { left: number; top: number; width: number; height: number };

async function region(image: Buffer, box: Box): Promise<Buffer> {
  return sharp(image, { failOn: 'none' }).rotate().extract(box).greyscale().raw().toBuffer();
}

function meanDifference(a: Buffer, b: Buffer): number {
  const n = Math.min(a.length, b.length);
  if (!n) return 0;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += Math.abs(a[i] - b[i]);
  return sum / n;
}

export async function verifyImageWatermark(stored: Buffer, original: Buffer, text: string): Promise<WatermarkCheck> {
  const meta = await sharp(original, { failOn: 'none' }).rotate().toBuffer({ resolveWithObject: true }).then((r) => r.info);
  const storedMeta = await sharp(stored, { failOn: 'none' }).metadata();
  const storedWidth = (storedMeta.orientation ?? 1) >= 5 ? storedMeta.height : storedMeta.width;
  if (storedWidth !== meta.width) return { present: false, markDifference: 0, controlDifference: 0 };
  const fontSize = watermarkFontSize(meta.width);
  const overlay = await watermarkOverlay(text, fontSize, IMAGE_WATERMARK_OPACITY);
  const mark = watermarkBox(meta.width, meta.height, overlay, fontSize);
  const width = Math.min(mark.width, meta.width);
  const height = Math.min(mark.height, meta.height);
  const markBox = { ...mark, width, height };
  // The control area sits top-left, where no mark is ever drawn.
  const controlBox = { left: 0, top: 0, width, height };
  const [markA, markB, controlA, controlB] = await Promise.all([
    region(stored, markBox), region(original, markBox), region(stored, controlBox), region(original, controlBox),
  ]);
  const markDifference = meanDifference(markA, markB);
  const controlDifference = meanDifference(controlA, controlB);
  return { present: markDifference > 3 && markDifference > controlDifference * 2 + 2, markDifference, controlDifference };
}
