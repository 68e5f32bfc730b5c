import { describe, expect, it } from 'vitest';
import { csvLine } from './csv.js';

describe('csvLine', () => {
  it('quotes cells with commas, quotes and line breaks, and ends with CRLF', () => {
    expect(csvLine(['a', 'b,c', 'say "hi"', 'two\nlines', 3, null])).toBe('a,"b,c","say ""hi""","two\nlines",3,\r\n');
  });

  it('keeps a cell that starts like a formula as text', () => {
    expect(csvLine(['=HYPERLINK("x")', '+1', '-2', '@SUM(A1)'])).toBe(`"'=HYPERLINK(""x"")",'+1,'-2,'@SUM(A1)\r\n`);
  });
});
