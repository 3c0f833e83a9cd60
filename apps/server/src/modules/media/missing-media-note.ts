// What a post's mark says its article lacks («بی‌تصویر، بی‌ویدیو: دریافت از تلگرام نشد (…)»), and
// what of it an editor has since given by hand: an address written in the edit dialog is the
// article's picture or video (articles/edit-protection.ts keeps it from later runs), so that kind
// is taken out of the post's mark when the edit is saved (articles/article-save.ts) and is not put
// back by a later run (post-media.ts, missingMediaMark).
import type { ArticleRow } from '../articles/article-row.ts';

export type MissingKind = 'image' | 'video' | 'audio';
/** What of an article tells which media an editor gave by hand. */
export type HandMediaFields = Pick<ArticleRow, 'id' | 'editedFields' | 'imageUrl' | 'videoUrl'>;

const LACKS: Record<MissingKind, string> = { image: 'بی‌تصویر', video: 'بی‌ویدیو', audio: 'بی‌صدا' };
const KINDS = Object.keys(LACKS) as MissingKind[];

/** «بی‌تصویر، بی‌ویدیو: دریافت از تلگرام نشد (reason)»; null when nothing is missing. */
export function missingMediaNote(unfetched: Array<{ kind: MissingKind; reason: string }>): string | null {
  if (!unfetched.length) return null;
  const kinds = KINDS.filter((kind) => unfetched.some((u) => u.kind === kind)).map((kind) => LACKS[kind]);
  return `${kinds.join('، ')}: دریافت از تلگرام نشد (${unfetched[0].reason})`;
}

/** The kinds of media an editor has written the article's address of by hand. */
export function givenByHand(article: Omit<HandMediaFields, 'id'>): Set<MissingKind> {
  const edited = article.editedFields ?? [];
  const given = new Set<MissingKind>();
  if (article.imageUrl && edited.includes('imageUrl')) given.add('image');
  if (article.videoUrl && edited.includes('videoUrl')) given.add('video');
  return given;
}

/** A note (missingMediaNote's wording) without the kinds in `given`; null when none is left. */
export function noteWithout(note: string, given: ReadonlySet<MissingKind>): string | null {
  if (!given.size) return note;
  const colon = note.indexOf(': ');
  if (colon < 0) return note;
  const named = note.slice(0, colon).split('، ');
  const left = named.filter((word) => !KINDS.some((kind) => given.has(kind) && LACKS[kind] === word));
  return left.length ? `${left.join('، ')}${note.slice(colon)}` : null;
}
