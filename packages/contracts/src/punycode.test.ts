import { describe, expect, it } from 'vitest';
import { decodePunycode } from './punycode.js';

describe('decodePunycode', () => {
  it('decodes the samples of RFC 3492 section 7.1 and common labels', () => {
    // (A) Arabic (Egyptian), (B) Chinese (simplified), (L) 3<nen>B<gumi><kinpachi><sensei>, (R) <sono><supiido><de>.
    expect(decodePunycode('egbpdaj6bu4bxfgehfvwxn')).toBe(
      '\u0644\u064A\u0647\u0645\u0627\u0628\u062A\u0643\u0644\u0645\u0648\u0634\u0639\u0631\u0628\u064A\u061F',
    );
    expect(decodePunycode('ihqwcrb4cv8a8dqg056pqjye')).toBe('\u4ED6\u4EEC\u4E3A\u4EC0\u4E48\u4E0D\u8BF4\u4E2D\u6587');
    expect(decodePunycode('3B-ww4c5e180e575a65lsy2b')).toBe('3\u5E74B\u7D44\u91D1\u516B\u5148\u751F');
    expect(decodePunycode('d9juau41awczczp')).toBe('\u305D\u306E\u30B9\u30D4\u30FC\u30C9\u3067');
    expect(decodePunycode('bcher-kva')).toBe('bücher');
    expect(decodePunycode('fsqu00a')).toBe('例子');
  });

  it('answers undefined for what is no valid encoding', () => {
    for (const encoded of ['zz', 'ü-kva', 'bcher-kv!', 'bcher-', '99999999999', 'zzzzzzzzzzzzzzzzzzzzzzzz']) {
      const decoded = decodePunycode(encoded);
      // 'bcher-' is a valid encoding of plain ASCII: the label check, not the decoder, refuses it.
      if (encoded === 'bcher-') expect(decoded).toBe('bcher');
      else expect(decoded, encoded).toBeUndefined();
    }
  });
});
