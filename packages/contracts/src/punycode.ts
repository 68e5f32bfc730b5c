/**
 * Punycode (RFC 3492) decoding of one label's encoded part (after "xn--"), written out here because URL parsers
 * disagree on labels that are not valid Punycode: Node.js 20 and 22 refuse "xn--zz.com", Node.js 24.22 (ada 4)
 * keeps it as it is. An address is accepted the same way on every runtime and in the browser only when the check
 * is ours. Undefined when the text is no valid encoding (a bad digit, an overflow, a code point out of range).
 */
const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 0x80;
const MAX_CODE_POINT = 0x10ffff;

function digitOf(character: number): number | undefined {
  if (character >= 0x30 && character <= 0x39) return character - 0x30 + 26; // 0-9 are 26-35
  if (character >= 0x41 && character <= 0x5a) return character - 0x41; // A-Z
  if (character >= 0x61 && character <= 0x7a) return character - 0x61; // a-z
  return undefined;
}

function adapt(delta: number, points: number, first: boolean): number {
  let scaled = first ? Math.floor(delta / DAMP) : delta >> 1;
  scaled += Math.floor(scaled / points);
  let k = 0;
  while (scaled > ((BASE - T_MIN) * T_MAX) >> 1) {
    scaled = Math.floor(scaled / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * scaled) / (scaled + SKEW));
}

export function decodePunycode(encoded: string): string | undefined {
  const delimiter = encoded.lastIndexOf('-');
  const basic = delimiter < 0 ? '' : encoded.slice(0, delimiter);
  if ([...basic].some((character) => character.charCodeAt(0) >= 0x80)) return undefined;
  const output = [...basic].map((character) => character.charCodeAt(0));
  let n = INITIAL_N;
  let i = 0;
  let bias = INITIAL_BIAS;
  let position = delimiter < 0 ? 0 : delimiter + 1;
  while (position < encoded.length) {
    const oldI = i;
    let weight = 1;
    for (let k = BASE; ; k += BASE) {
      if (position >= encoded.length) return undefined;
      const digit = digitOf(encoded.charCodeAt(position++));
      if (digit === undefined) return undefined;
      i += digit * weight;
      if (i > MAX_CODE_POINT * (output.length + 1) * 2) return undefined; // far past any valid code point
      const threshold = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < threshold) break;
      weight *= BASE - threshold;
      if (weight > Number.MAX_SAFE_INTEGER / BASE) return undefined;
    }
    const points = output.length + 1;
    bias = adapt(i - oldI, points, oldI === 0);
    n += Math.floor(i / points);
    i %= points;
    if (n > MAX_CODE_POINT || (n >= 0xd800 && n <= 0xdfff)) return undefined;
    output.splice(i, 0, n);
    i++;
  }
  return String.fromCodePoint(...output);
}
