import { describe, expect, it } from 'vitest';
import { findTransferTag, parseTransferTag } from './transfer-tag.js';

describe('transfer tags', () => {
  const text = 't1.5.6.99.sig;5;new@example.com;Ada;Lovelace';
  const parsed = { token: 't1.5.6.99.sig', orderId: 5, email: 'new@example.com', firstName: 'Ada', lastName: 'Lovelace' };

  it('reads the five parts', () => {
    expect(parseTransferTag(text)).toEqual(parsed);
    expect(parseTransferTag('tok;x;new@example.com;Ada;Lovelace')).toBeNull();
    expect(parseTransferTag('tok;5;not-an-email;Ada;Lovelace')).toBeNull();
    expect(parseTransferTag('tok;5;new@example.com;Ada')).toBeNull();
  });

  it('finds the tag under any key, in arrays, or as a bare string', () => {
    expect(findTransferTag({ transfer: text })).toEqual(parsed);
    expect(findTransferTag({ campaign: 'spring', data: text })).toEqual(parsed);
    expect(findTransferTag({ list: ['a', text] })).toEqual(parsed);
    expect(findTransferTag(text)).toEqual(parsed);
    expect(findTransferTag({ campaign: 'a;b' })).toBeNull();
    expect(findTransferTag(undefined)).toBeNull();
  });
});
