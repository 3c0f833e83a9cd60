import { toPersianDigits } from '@chapar/shared/text';

const ISOLATE = /([\u2066-\u2068][^\u2066-\u2069]*\u2069)/;
const LATIN_RUN = /[A-Za-z@][\w@.:/+-]*[\w/]|[A-Za-z]/g;

/**
 * Free text the server wrote (a reason, a note, a message), as a Persian line shows it: numbers
 * in Persian digits, and Latin names (a username, a channel handle, an address) isolated so they
 * do not mirror, their own digits as they are written. Text the server already isolated stays.
 */
export function persianServerText(text: string): string {
  return text.split(ISOLATE).map((part, i) => (i % 2 ? part : part
    .replace(/(?<![A-Za-z_@/.\d-])\d+(?![A-Za-z_\d])/g, (digits) => toPersianDigits(digits))
    .replace(LATIN_RUN, (run) => `\u2066${run}\u2069`))).join('');
}
