// Demo article images, drawn locally with sharp: a gradient in the category's colour,
// a few translucent shapes (placed from the title, so each image differs) and the
// category's Persian name in Vazirmatn. Text goes through sharp's text input with
// `fontfile` (Pango + HarfBuzz shape and order the Persian correctly); an @font-face
// inside SVG would be ignored and the letters would render as boxes.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type Sharp from 'sharp';
import { categoryFaName } from '@chapar/shared/text';
import { escapeHtml } from '@chapar/shared/html';

export const DEMO_IMAGE_WIDTH = 1200;
export const DEMO_IMAGE_HEIGHT = 675;

/** assets/fonts at the repository root: the bundled Vazirmatn TTFs (and fonts.conf). */
export const FONTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../assets/fonts');
const FONT_BOLD = path.join(FONTS_DIR, 'Vazirmatn-Bold.ttf');
const FONT_REGULAR = path.join(FONTS_DIR, 'Vazirmatn-Regular.ttf');

interface Palette {
  /** Gradient start (top right: where a right-to-left reader looks first) and end. */
  from: string;
  to: string;
  /** Shapes and the accent bar. */
  accent: string;
}

const PALETTES: Record<string, Palette> = {
  Politics: { from: '#c8102e', to: '#4a0613', accent: '#ff8a80' },
  Economy: { from: '#0f8b8d', to: '#063b3f', accent: '#7fe3d6' },
  Technology: { from: '#4f46e5', to: '#1e1b4b', accent: '#a5b4fc' },
  Health: { from: '#16a34a', to: '#0b3d22', accent: '#86efac' },
  Culture: { from: '#d97706', to: '#5b2a06', accent: '#fcd34d' },
  Sports: { from: '#2563eb', to: '#0b2559', accent: '#93c5fd' },
  International: { from: '#7c3aed', to: '#2a0f5c', accent: '#c4b5fd' },
  Education: { from: '#0891b2', to: '#083344', accent: '#67e8f9' },
};
const DEFAULT_PALETTE: Palette = { from: '#475569', to: '#0f172a', accent: '#cbd5e1' };

export interface DemoImageInput {
  title: string;
  /** English category name as stored on articles ('Politics'). */
  category: string;
  /** Position in the demo set; varies the shapes together with the title. */
  index: number;
  /** Draw the 'چاپار | خبر' line (default). Off for pictures that get the site's watermark later. */
  brand?: boolean;
}

// Small deterministic PRNG (mulberry32) seeded from the title and index, so a
// re-seed draws the same picture for the same article.
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function backgroundSvg(palette: Palette, rand: () => number): string {
  const W = DEMO_IMAGE_WIDTH;
  const H = DEMO_IMAGE_HEIGHT;
  const r = (min: number, max: number) => Math.round(min + rand() * (max - min));
  const circles = Array.from({ length: 3 }, (_, i) => {
    const cx = r(0, W * 0.65);
    const cy = r(-80, H + 80);
    const radius = r(120, 320);
    const opacity = (0.08 + rand() * 0.1).toFixed(2);
    return i === 1
      ? `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="none" stroke="${palette.accent}" stroke-width="${r(10, 28)}" stroke-opacity="${opacity}"/>`
      : `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="${palette.accent}" fill-opacity="${opacity}"/>`;
  }).join('');
  const stripeX = r(80, 520);
  const stripes = Array.from({ length: 4 }, (_, i) => {
    const x = stripeX + i * 46;
    return `<path d="M${x} ${H} L${x + 260} 0 L${x + 278} 0 L${x + 18} ${H} Z" fill="#ffffff" fill-opacity="0.05"/>`;
  }).join('');
  const square = r(70, 150);
  const sx = r(60, 420);
  const sy = r(60, 300);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="g" x1="1" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${palette.from}"/>
      <stop offset="1" stop-color="${palette.to}"/>
    </linearGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0.45" stop-color="#000000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000000" stop-opacity="0.35"/>
    </linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#g)"/>
  ${stripes}
  ${circles}
  <rect x="${sx}" y="${sy}" width="${square}" height="${square}" rx="18" fill="none" stroke="#ffffff" stroke-opacity="0.14" stroke-width="6" transform="rotate(${r(-25, 25)} ${sx + square / 2} ${sy + square / 2})"/>
  <rect width="${W}" height="${H}" fill="url(#shade)"/>
  <rect x="${W - 72 - 10}" y="${H - 250}" width="10" height="132" rx="5" fill="${palette.accent}"/>
</svg>`;
}

// sharp is loaded when the first image is drawn: only a first start with demo content draws,
// and a server that starts on its existing data need not wait for the package (0.05 s).
let sharpLoaded: Promise<typeof Sharp> | undefined;
const loadSharp = () => (sharpLoaded ??= import('sharp').then((module) => module.default));

// Text rendering (Pango) is the slow part; there are only a few distinct labels, so
// each is drawn once per process.
const textCache = new Map<string, Promise<{ data: Buffer; width: number; height: number }>>();

function renderText(text: string, fontfile: string, font: string, color: string): Promise<{ data: Buffer; width: number; height: number }> {
  const key = `${fontfile}|${font}|${color}|${text}`;
  let cached = textCache.get(key);
  if (!cached) {
    cached = loadSharp().then((sharp) => sharp({
      text: {
        text: `<span foreground="${color}">${escapeHtml(text)}</span>`,
        font,
        fontfile,
        rgba: true,
        dpi: 72,
        align: 'right',
      },
    })
      .png()
      .toBuffer({ resolveWithObject: true }))
      .then(({ data, info }) => ({ data, width: info.width, height: info.height }));
    cached.catch(() => textCache.delete(key));
    textCache.set(key, cached);
  }
  return cached;
}

/** A 1200×675 (16:9) JPEG for a demo article, drawn in a few tens of milliseconds. */
export async function renderDemoImage({ title, category, index, brand = true }: DemoImageInput): Promise<Buffer> {
  const palette = PALETTES[category] ?? DEFAULT_PALETTE;
  const rand = prng(hash(title) ^ Math.imul(index + 1, 2654435761));
  const [label, brandLine] = await Promise.all([
    renderText(categoryFaName(category), FONT_BOLD, 'Vazirmatn Bold 104', '#ffffff'),
    renderText('چاپار | خبر', FONT_REGULAR, 'Vazirmatn 34', '#ffffffcc'),
  ]);
  const right = DEMO_IMAGE_WIDTH - 72 - 10 - 28; // inside the accent bar, right-aligned
  const sharp = await loadSharp();
  return sharp(Buffer.from(backgroundSvg(palette, rand)))
    .composite([
      { input: label.data, left: Math.max(0, right - label.width), top: DEMO_IMAGE_HEIGHT - 266 },
      ...(brand ? [{ input: brandLine.data, left: Math.max(0, right - brandLine.width), top: DEMO_IMAGE_HEIGHT - 112 }] : []),
    ])
    .jpeg({ quality: 82, mozjpeg: false, progressive: true })
    .toBuffer();
}
