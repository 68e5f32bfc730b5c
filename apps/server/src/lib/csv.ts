/**
 * One CSV line (RFC 4180, CRLF) that no spreadsheet reads a formula in (decision 031, after OWASP's "CSV
 * Injection"). A spreadsheet may split the line on another separator than ours (a semicolon in many locales, a
 * tab, a line break when it ignores quotes), so every piece of a cell that can begin a cell is neutralised: the
 * cell itself and the text after each comma, semicolon, tab or line break within it. Such a piece that starts
 * with =, +, -, @, a tab or a carriage return (after any blanks and double quotes, which a lenient reader drops)
 * gets a leading apostrophe; and a cell holding a separator, a double quote or a line break is quoted.
 */
export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** The start of a piece that a spreadsheet could take for a formula. */
const FORMULA_START = /^(?:[\t\r]|[\s"]*[=+\-@])/;
/** Where a piece of a cell ends: after each character a spreadsheet might split a line or a row on. */
const AFTER_SEPARATOR = /(?<=[,;\t\r\n])/;
const NEEDS_QUOTES = /[,;\t"\r\n]/;

function csvCell(cell: string | number | null | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return String(cell);
  const text = cell
    .split(AFTER_SEPARATOR)
    .map((piece) => (FORMULA_START.test(piece) ? `'${piece}` : piece))
    .join('');
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
