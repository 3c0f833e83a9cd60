import { toPersianDigits } from '@chapar/shared/text';

/**
 * Free text the server wrote (a reason, a note) with its numbers in Persian digits; digits
 * inside a Latin name (a username, a channel handle, an address) stay as they are written.
 */
export function persianDigitsInText(text: string): string {
  return text.replace(/(?<![A-Za-z_@/.\d-])\d+(?![A-Za-z_\d])/g, (digits) => toPersianDigits(digits));
}
