import { describe, expect, it } from 'vitest';
import {
  MIN_DEVICE_ID_MENTION,
  isAboutPerson,
  addressLikePatterns,
  mentionsAddressOf,
  mentionsToErase,
  redactJson,
  redactText,
} from './redact.js';

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
    expect(addressLikePatterns(kate)).toContain('%kate@xn--bcher-kva.example%');
  });

  it('replaces an address only whole, and a Device ID only as a whole word of at least MIN_DEVICE_ID_MENTION characters', () => {
    const short = { emails: ['a@b.co'], names: [], deviceIds: ['admin', '@', 'e', 'ABCDEF1'] };
    const untouched = '{"role":"admin"} aa@b.com a@b.com a@b.co.uk x.a@b.co sa@b.co ABCDEF1';
    expect(redactText(untouched, short)).toBe(untouched);
    expect(redactText('to a@b.co, (a@b.co). <a@b.co>', short)).toBe('to [erased], ([erased]). <[erased]>');
    const long = { emails: [], names: [], deviceIds: ['ABCDEF12'] };
    expect(redactText('id ABCDEF12, XABCDEF12 ABCDEF123 abcdef12', long)).toBe('id [erased], XABCDEF12 ABCDEF123 [erased]');
    expect(MIN_DEVICE_ID_MENTION).toBe(8);
    expect(addressLikePatterns(short)).toEqual(['%a@b.co%']);
  });

  it('leaves the text as it is when there is nothing to look for', () => {
    expect(redactText('Hello', { emails: [''], names: ['  '], deviceIds: [] })).toBe('Hello');
    expect(addressLikePatterns({ emails: [''], names: [], deviceIds: [] })).toEqual([]);
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

describe('addressLikePatterns', () => {
  it('escapes LIKE wildcards', () => {
    expect(addressLikePatterns({ emails: ['a_b%c@example.com'], names: [], deviceIds: [] })).toEqual(['%a\\_b\\%c@example.com%']);
  });
});

describe('mentionsAddressOf', () => {
  it('finds an address only whole, case ignored, in a text, in the strings of a JSON value, in any spelling', () => {
    const bo = ['bo@x.com'];
    expect(mentionsAddressOf('From jimbo@x.com, bo@x.com.au, bo@x.community and x.bo@x.com', bo)).toBe(false);
    expect(mentionsAddressOf({ customer: { email: 'jimbo@x.com' }, tags: ['Bo@x.com.au'] }, bo)).toBe(false);
    expect(mentionsAddressOf('Reply to <Bo@X.com>.', bo)).toBe(true);
    expect(mentionsAddressOf({ data: { recipients: [{ email: 'BO@x.com' }] } }, bo)).toBe(true);
    expect(mentionsAddressOf(['a subject', null, { note: 'for bo@x.com' }], bo)).toBe(true);
    // Keys are the program's.
    expect(mentionsAddressOf({ 'bo@x.com': 1 }, bo)).toBe(false);
    expect(mentionsAddressOf('kate@xn--bcher-kva.example', ['Kate@b\u00FCcher.example'])).toBe(true);
    expect(mentionsAddressOf('bo@x.com', [''])).toBe(false);
  });
});

describe('mentionsToErase (decision 093)', () => {
  // A customer who chose the name "Licence" and whose plug-in sent the Device ID "password-reset".
  const chosen = { emails: ['bo@x.com'], names: ['Licence'], deviceIds: ['password-reset'] };
  const otherMail = 'Your Licence key: use it after the password-reset. Questions: jimbo@x.com';

  it('leaves the name and Device IDs in a record of someone else that does not hold their address', () => {
    const record = { isTheirs: false, content: [otherMail, { to: 'jimbo@x.com' }] };
    expect(isAboutPerson(chosen, record)).toBe(false);
    expect(mentionsToErase(chosen, record)).toEqual({ emails: ['bo@x.com'], names: [], deviceIds: [] });
    expect(redactText(otherMail, mentionsToErase(chosen, record))).toBe(otherMail);
  });

  it('replaces every mention in a record that is theirs, or that holds their address whole', () => {
    const theirs = { isTheirs: true, content: otherMail };
    expect(mentionsToErase(chosen, theirs)).toBe(chosen);
    const gift = 'Your gift was delivered to Licence (bo@x.com).';
    const aboutThem = { isTheirs: false, content: ['Your gift was delivered to Licence', { body: gift }] };
    expect(isAboutPerson(chosen, aboutThem)).toBe(true);
    expect(redactText(gift, mentionsToErase(chosen, aboutThem))).toBe('Your gift was delivered to [erased] ([erased]).');
  });

  it('takes no longer address for theirs: erasing bo@x.com leaves a note naming jimbo@x.com as it is', () => {
    const record = { isTheirs: false, content: 'Ask jimbo@x.com about Licence' };
    expect(redactJson({ note: 'Ask jimbo@x.com about Licence' }, mentionsToErase(chosen, record))).toEqual({
      note: 'Ask jimbo@x.com about Licence',
    });
  });
});
