// CSV for spreadsheets: UTF-8 with a byte-order mark (so Persian opens as Persian), every cell
// quoted, and a cell that a spreadsheet would read as a formula (=, +, -, @, tab, CR) prefixed
// with an apostrophe so it stays text.
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function toCsv(header: string[], rows: Array<Array<string | number | boolean | null>>): string {
  const lines = [header, ...rows].map((cells) => cells.map(csvCell).join(','));
  return `\ufeff${lines.join('\r\n')}\r\n`;
}
