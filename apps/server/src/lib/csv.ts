/**
 * One CSV line (RFC 4180, CRLF). A cell that a spreadsheet would run as a formula (=, +, -, @, tab, carriage return
 * at its start) gets a leading apostrophe, so an exported name such as "=HYPERLINK(...)" stays text.
 */
export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

function csvCell(cell: string | number | null | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return String(cell);
  const text = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
