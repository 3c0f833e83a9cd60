// Digit conversion between ASCII, Persian (۰-۹) and Arabic-Indic (٠-٩).
// Stored and indexed text keeps ASCII digits; only display converts to Persian.

const PERSIAN_ZERO = 0x06f0;
const ARABIC_INDIC_ZERO = 0x0660;

/** Persian (U+06F0–U+06F9) and Arabic-Indic (U+0660–U+0669) digits → ASCII 0-9. */
export function toAsciiDigits(text: string): string {
  return text.replace(/[\u06f0-\u06f9\u0660-\u0669]/g, (d) => {
    const code = d.charCodeAt(0);
    const zero = code >= PERSIAN_ZERO ? PERSIAN_ZERO : ARABIC_INDIC_ZERO;
    return String(code - zero);
  });
}

/**
 * ASCII and Arabic-Indic digits → Persian digits. Only digits change: separators
 * stay as they are, so '12.5' becomes '۱۲.۵' (use formatNumberFa for localized separators).
 */
export function toPersianDigits(value: string | number): string {
  return String(value).replace(/[0-9\u0660-\u0669]/g, (d) => {
    const code = d.charCodeAt(0);
    const n = code >= ARABIC_INDIC_ZERO ? code - ARABIC_INDIC_ZERO : code - 48;
    return String.fromCharCode(PERSIAN_ZERO + n);
  });
}

// Constructing an Intl formatter is costly; the default one is built once and reused.
const defaultNumberFormat = new Intl.NumberFormat('fa-IR');

/** Localized number through Intl fa-IR: 1234 → '۱٬۲۳۴', 1234.5 → '۱٬۲۳۴٫۵'. */
export function formatNumberFa(n: number | bigint, options?: Intl.NumberFormatOptions): string {
  return options ? new Intl.NumberFormat('fa-IR', options).format(n) : defaultNumberFormat.format(n);
}
