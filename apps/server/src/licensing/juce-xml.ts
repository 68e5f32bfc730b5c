// JUCE's XML writing rules (XmlOutputFunctions::escapeIllegalXmlChars) and a minimal reader for key-file XML.

const ALL_LEGAL = /^[A-Za-z0-9 .,;:\-()_+=?!$#@[\]/|*%~{}'\\]*$/;
const LEGAL_CHARACTER = /^[A-Za-z0-9 .,;:\-()_+=?!$#@[\]/|*%~{}'\\]$/;
const NAME_START = /[A-Za-z_:]/;
const NAME_CHARACTER = /[A-Za-z0-9_:.-]/;
const WHITESPACE = /\s/;
const NAMED_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * Escapes text exactly as JUCE's XmlElement writer does: `& " > <` as named entities, every other character
 * outside JUCE's legal set as `&#N;` of its code point; CR and LF stay raw in text but are escaped in attributes.
 */
export function escapeJuceXml(text: string, context: 'attribute' | 'text'): string {
  if (ALL_LEGAL.test(text)) return text;
  let escaped = '';
  for (const character of text) {
    if (LEGAL_CHARACTER.test(character)) escaped += character;
    else if (character === '&') escaped += '&amp;';
    else if (character === '"') escaped += '&quot;';
    else if (character === '>') escaped += '&gt;';
    else if (character === '<') escaped += '&lt;';
    else if (context === 'text' && (character === '\n' || character === '\r')) escaped += character;
    else escaped += `&#${character.codePointAt(0) ?? 0};`;
  }
  return escaped;
}

/** Truncates text at its first NUL, as a C string (and so a JUCE String) would be. */
export function truncateAtNul(text: string): string {
  const end = text.indexOf('\0');
  return end === -1 ? text : text.slice(0, end);
}

/**
 * Reads the attributes of the root element of a small XML document (key-file plaintext), first occurrence
 * winning as in JUCE's getStringAttribute; returns null when the document is not well formed enough to trust.
 */
export function parseRootAttributes(xml: string): Map<string, string> | null {
  let position = skipProlog(xml);
  if (position === -1 || xml[position] !== '<') return null;
  position += 1;
  const tagName = readName(xml, position);
  if (tagName === null) return null;
  position += tagName.length;
  const attributes = new Map<string, string>();
  for (;;) {
    const afterSpace = skipWhitespace(xml, position);
    if (xml.startsWith('/>', afterSpace)) return xml.slice(afterSpace + 2).trim() === '' ? attributes : null;
    if (xml[afterSpace] === '>') return xml.trimEnd().endsWith(`</${tagName}>`) ? attributes : null;
    if (afterSpace === position) return null;
    const name = readName(xml, afterSpace);
    if (name === null) return null;
    position = skipWhitespace(xml, afterSpace + name.length);
    if (xml[position] !== '=') return null;
    position = skipWhitespace(xml, position + 1);
    const quote = xml[position];
    if (quote !== '"' && quote !== "'") return null;
    const end = xml.indexOf(quote, position + 1);
    if (end === -1) return null;
    const value = decodeEntities(xml.slice(position + 1, end));
    if (value === null) return null;
    if (!attributes.has(name)) attributes.set(name, value);
    position = end + 1;
  }
}

function skipProlog(xml: string): number {
  let position = xml.startsWith('\uFEFF') ? 1 : 0;
  for (;;) {
    position = skipWhitespace(xml, position);
    const closer = xml.startsWith('<?', position)
      ? '?>'
      : xml.startsWith('<!--', position)
        ? '-->'
        : xml.startsWith('<!', position)
          ? '>'
          : null;
    if (closer === null) return position;
    const end = xml.indexOf(closer, position + 2);
    if (end === -1) return -1;
    position = end + closer.length;
  }
}

function skipWhitespace(xml: string, start: number): number {
  let position = start;
  while (position < xml.length && WHITESPACE.test(xml.charAt(position))) position += 1;
  return position;
}

function readName(xml: string, start: number): string | null {
  if (!NAME_START.test(xml.charAt(start))) return null;
  let end = start + 1;
  while (end < xml.length && NAME_CHARACTER.test(xml.charAt(end))) end += 1;
  return xml.slice(start, end);
}

function decodeEntities(raw: string): string | null {
  if (raw.includes('<')) return null;
  let isValid = true;
  const decoded = raw.replace(/&([^;&]*);?/g, (whole, body: string) => {
    const codePoint = body.startsWith('#x')
      ? Number.parseInt(body.slice(2), 16)
      : body.startsWith('#')
        ? Number.parseInt(body.slice(1), 10)
        : Number.NaN;
    const named = NAMED_ENTITIES[body];
    if (whole.endsWith(';') && named !== undefined) return named;
    if (whole.endsWith(';') && /^#(x[0-9a-fA-F]+|[0-9]+)$/.test(body) && codePoint <= 0x10ffff) {
      return String.fromCodePoint(codePoint);
    }
    isValid = false;
    return whole;
  });
  return isValid ? decoded : null;
}
