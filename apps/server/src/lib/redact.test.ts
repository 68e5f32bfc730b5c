import { describe, expect, it } from 'vitest';
import { MIN_DEVICE_ID_MENTION, mentionLikePatterns, redactJson, redactText } from './redact.js';

const texts = { emails: ['Ada@Example.com'], names: ["Ada O'Hara"], deviceIds: ['0123456789ABCDEF0123456789ABCDEF'] };

describe('redactText', () => {
  it('replaces addresses and Device IDs wherever they stand and names as whole words, case ignored', () => {
    expect(redactText('Mail ada@example.com, computer 0123456789abcdef0123456789abcdef.', texts)).toBe('Mail [erased], computer [erased].');
    expect(redactText("Hello ADA O'HARA, from Ada O'Haras", texts)).toBe("Hello [erased], from Ada O'Haras");
    // As React writes the name into a mail's HTML.
    expect(redactText('<p>Hello Ada O&#x27;Hara,</p>', texts)).toBe('<p>Hello [erased],</p>');
  });

  it('replaces an address whole, not the name inside it', () => {
    expect(redactText('to ada@example.com', { emails: ['ada@example.com'], names: ['Ada'], deviceIds: [] })).toBe('to [erased]');
    expect(redactText('Adagio by Ada', { emails: [], names: ['Ada'], deviceIds: [] })).toBe('Adagio by [erased]');
  });

  it('finds an address however it is written: punycode or Unicode domain, composed or decomposed accents', () => {
    const kate = { emails: ['Kate@b\u00FCcher.example'], names: [], deviceIds: [] };
    expect(redactText('To: kate@xn--bcher-kva.example; cc KATE@BU\u0308CHER.EXAMPLE', kate)).toBe('To: [erased]; cc [erased]');
    const punycode = { emails: ['jos\u00E9@xn--bcher-kva.example'], names: [], deviceIds: [] };
    expect(redactText('jose\u0301@b\u00FCcher.example wrote', punycode)).toBe('[erased] wrote');
    expect(mentionLikePatterns(kate)).toContain('%kate@xn--bcher-kva.example%');
  });

  it('replaces an address only whole, and a Device ID only as a whole word of at least MIN_DEVICE_ID_MENTION characters', () => {
    const short = { emails: ['a@b.co'], names: [], deviceIds: ['admin', '@', 'e', 'ABCDEF1'] };
    const untouched = '{"role":"admin"} aa@b.com a@b.com a@b.co.uk x.a@b.co sa@b.co ABCDEF1';
    expect(redactText(untouched, short)).toBe(untouched);
    expect(redactText('to a@b.co, (a@b.co). <a@b.co>', short)).toBe('to [erased], ([erased]). <[erased]>');
    const long = { emails: [], names: [], deviceIds: ['ABCDEF12'] };
    expect(redactText('id ABCDEF12, XABCDEF12 ABCDEF123 abcdef12', long)).toBe('id [erased], XABCDEF12 ABCDEF123 [erased]');
    expect(MIN_DEVICE_ID_MENTION).toBe(8);
    expect(mentionLikePatterns(short)).toEqual(['%a@b.co%']);
  });

  it('leaves the text as it is when there is nothing to look for', () => {
    expect(redactText('Hello', { emails: [''], names: ['  '], deviceIds: [] })).toBe('Hello');
    expect(mentionLikePatterns({ emails: [''], names: [], deviceIds: [] })).toEqual([]);
  });
});

describe('redactJson', () => {
  it('redacts every string of a value, keys kept', () => {
    expect(redactJson({ to: 'ada@example.com', list: [{ name: "Ada O'Hara" }, 3, null] }, texts)).toEqual({
      to: '[erased]',
      list: [{ name: '[erased]' }, 3, null],
    });
  });
});

describe('mentionLikePatterns', () => {
  it('escapes LIKE wildcards', () => {
    expect(mentionLikePatterns({ emails: ['a_b%c@example.com'], names: [], deviceIds: [] })).toEqual(['%a\\_b\\%c@example.com%']);
  });
});
