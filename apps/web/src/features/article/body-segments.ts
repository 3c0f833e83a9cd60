// Spec 02 §2 item 12: embedded videos in the body are replaced by the site's video player.
// Works on the output of sanitizeArticleHtml, whose tags are canonical (lower-case, quoted,
// escaped values, balanced), so a simple scan of top-level elements is exact.

export type BodySegment =
  | { kind: 'html'; html: string }
  | { kind: 'video'; src: string; poster: string | null; captionHtml: string | null };

const TAG_RE = /<(\/?)([a-z][a-z0-9]*)[^>]*>/g;
const VOID = new Set(['br', 'hr', 'img', 'source']);

const unescapeAttr = (value: string) =>
  value.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

function attr(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? unescapeAttr(match[1]) : null;
}

/** A top-level <video>, or a <figure> around one, as a player; null for anything else. */
function videoOf(element: string): Extract<BodySegment, { kind: 'video' }> | null {
  const isFigure = element.startsWith('<figure');
  if (!element.startsWith('<video') && !isFigure) return null;
  const videoTag = /<video\b[^>]*>/.exec(element)?.[0];
  if (!videoTag) return null;
  const src = attr(videoTag, 'src') ?? attr(/<source\b[^>]*>/.exec(element)?.[0] ?? '', 'src');
  if (!src) return null;
  const caption = isFigure ? /<figcaption>([\s\S]*?)<\/figcaption>/.exec(element)?.[1]?.trim() : undefined;
  return { kind: 'video', src, poster: attr(videoTag, 'poster'), captionHtml: caption || null };
}

/** The body as HTML runs and video players, in order. */
export function splitBodyVideos(html: string): BodySegment[] {
  if (!html.includes('<video')) return html ? [{ kind: 'html', html }] : [];
  const segments: BodySegment[] = [];
  let pending = '';
  let depth = 0;
  let start = 0;
  let consumed = 0;
  const flush = () => {
    if (pending.trim()) segments.push({ kind: 'html', html: pending });
    pending = '';
  };
  for (let m = TAG_RE.exec(html); m; m = TAG_RE.exec(html)) {
    const [tag, closing, name] = m;
    if (VOID.has(name)) continue;
    if (!closing) {
      if (depth === 0) start = m.index;
      depth++;
      continue;
    }
    depth = Math.max(0, depth - 1);
    if (depth !== 0) continue;
    const end = m.index + tag.length;
    const video = videoOf(html.slice(start, end));
    if (video) {
      pending += html.slice(consumed, start);
      flush();
      segments.push(video);
      consumed = end;
    }
  }
  TAG_RE.lastIndex = 0;
  pending += html.slice(consumed);
  flush();
  return segments;
}
