// Latin runs inside Persian text (channel handles, URLs, ids) are isolated so the bidi algorithm
// does not mirror them: '@other_news' inside a Persian sentence otherwise shows as 'other_news@'.
// The plain-text isolates (LRI … PDI) work wherever the text ends up: a toast, a log line, a cell.
const LRI = '\u2066';
const PDI = '\u2069';

/** Text that reads left to right (a handle, URL, file name, id), isolated for a right-to-left line. */
export function ltr(text: string | number): string {
  return `${LRI}${text}${PDI}`;
}

/** A channel's handle as a Persian line shows it: '@name', isolated. */
export function handle(username: string): string {
  return ltr(`@${username.replace(/^@/, '')}`);
}

/** A handle (not an email's domain) or a web address inside free text; no lookbehind, for older phones. */
const LATIN_RUN = /(^|[^\w.@])(@[A-Za-z0-9_]{2,32}\b)|https?:\/\/[^\s<>"«»()]+/g;

/** Free text as written, with each handle and web address in it isolated: '(@news)' stays '(@news)'. */
export function isolateLatinRuns(text: string): string {
  return text.replace(LATIN_RUN, (run, before: string | undefined, name: string | undefined) => (name === undefined ? ltr(run) : `${before}${ltr(name)}`));
}
