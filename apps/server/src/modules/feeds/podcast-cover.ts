// The podcast's cover: a square JPEG the directories accept (Apple: 1400–3000 px, RGB, JPEG or
// PNG), drawn by the site. The shapes are an SVG; the Persian words go through sharp's text
// input with the bundled Vazirmatn as `fontfile` (Pango and HarfBuzz join and order the letters;
// SVG text would need FONTCONFIG_FILE set before the process starts, and draws boxes without it).
import path from 'node:path';
import { FONTS_DIR } from '@chapar/db/seed';
import { sharp } from '../../lazy-packages.ts';
import { escapeHtml } from '@chapar/shared/html';

export const PODCAST_COVER_SIZE = 3000;
const FONT_FILE = path.join(FONTS_DIR, 'Vazirmatn-Bold.ttf');
const RED = '#c8102e';

export interface CoverText {
  /** The show's name, large: the site's name. */
  title: string;
  /** A line under it: what the show is (all news, or one category). */
  subtitle: string;
}

async function drawText(text: string, points: number, colour: string, maxWidth: number) {
  const { data, info } = await sharp({
    text: { text: `<span foreground="${colour}">${escapeHtml(text)}</span>`, font: `Vazirmatn Bold ${points}`, fontfile: FONT_FILE, rgba: true, dpi: 72, width: maxWidth, align: 'centre' },
  }).png().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The background: the site's red, a white card, and the wordmark's letter in flight (as in favicon.svg). */
function backgroundSvg(size: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
  <rect width="100" height="100" fill="${RED}"/>
  <rect x="8" y="8" width="84" height="84" rx="7" fill="#ffffff"/>
  <g transform="translate(38 13) scale(${(24 / 36).toFixed(4)})">
    <rect width="36" height="36" rx="9" fill="${RED}"/>
    <rect x="6" y="10" width="20" height="15" rx="2.5" stroke="#fff" stroke-width="2.6" fill="none"/>
    <path d="M6.5 11.5l9.5 7.5 9.5-7.5" stroke="#fff" stroke-width="2.6" stroke-linejoin="round" fill="none"/>
    <path d="M29 14h3M29.5 20h2.5M27 26h5" stroke="#fff" stroke-width="2.4" stroke-linecap="round"/>
  </g>
  <rect x="30" y="84" width="40" height="1.2" rx="0.6" fill="${RED}"/>
</svg>`;
}

/** Draws one cover (about half a second at 3000 px). */
export async function drawPodcastCover(text: CoverText, size = PODCAST_COVER_SIZE): Promise<Buffer> {
  const [title, subtitle] = await Promise.all([
    drawText(text.title, Math.round(size * 0.15), '#16161a', Math.round(size * 0.76)),
    drawText(text.subtitle, Math.round(size * 0.055), RED, Math.round(size * 0.76)),
  ]);
  const centre = (w: number) => Math.max(0, Math.round((size - w) / 2));
  return sharp(Buffer.from(backgroundSvg(size)))
    .resize(size, size)
    .composite([
      { input: title.data, left: centre(title.width), top: Math.round(size * 0.54 - title.height / 2) },
      { input: subtitle.data, left: centre(subtitle.width), top: Math.round(size * 0.74 - subtitle.height / 2) },
    ])
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .jpeg({ quality: 86, mozjpeg: true })
    .toBuffer();
}

const covers = new Map<string, Promise<Buffer>>();

/** One cover per text, drawn on first request and kept for the life of the process. */
export function podcastCover(text: CoverText): Promise<Buffer> {
  const key = `${text.title}\n${text.subtitle}`;
  let cover = covers.get(key);
  if (!cover) {
    cover = drawPodcastCover(text);
    cover.catch(() => covers.delete(key));
    covers.set(key, cover);
  }
  return cover;
}
