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
