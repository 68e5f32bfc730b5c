import { describe, expect, it } from 'vitest';
import { escapeJuceXml, parseRootAttributes, truncateAtNul } from './juce-xml.js';

describe('escapeJuceXml', () => {
  it('keeps JUCE legal characters as they are', () => {
    const legal = "aZ09 .,;:-()_+=?!$#@[]/|*%~{}'\\";
    expect(escapeJuceXml(legal, 'attribute')).toBe(legal);
  });

  it('writes & " > < as named entities and everything else as decimal code points', () => {
    expect(escapeJuceXml('a&b"c>d<e', 'attribute')).toBe('a&amp;b&quot;c&gt;d&lt;e');
    expect(escapeJuceXml('ö日😀^`\t', 'attribute')).toBe('&#246;&#26085;&#128512;&#94;&#96;&#9;');
    expect(escapeJuceXml('Jöe "Q" <B&B> 日本', 'attribute')).toBe('J&#246;e &quot;Q&quot; &lt;B&amp;B&gt; &#26085;&#26412;');
  });

  it('escapes CR and LF in attributes only', () => {
    expect(escapeJuceXml('a\r\nb', 'attribute')).toBe('a&#13;&#10;b');
    expect(escapeJuceXml('a\r\nb<', 'text')).toBe('a\r\nb&lt;');
  });

  it('cuts strings at NUL like a C string', () => {
    expect(truncateAtNul('ab\0cd')).toBe('ab');
    expect(truncateAtNul('abc')).toBe('abc');
  });
});

describe('parseRootAttributes', () => {
  it('reads attributes of the root element after the XML header', () => {
    const attributes = parseRootAttributes(
      '<?xml version="1.0" encoding="UTF-8"?> <key user="J&#246;e &quot;Q&quot; &#x65E5;" app=\'A&amp;B\'/>',
    );
    expect(Object.fromEntries(attributes ?? [])).toEqual({ user: 'Jöe "Q" 日', app: 'A&B' });
  });

  it('accepts a BOM, comments, no header, a closing tag and keeps the first duplicate', () => {
    const attributes = parseRootAttributes('\uFEFF<!-- c --><key a="1" a="2" b = "x"></key>\n');
    expect(Object.fromEntries(attributes ?? [])).toEqual({ a: '1', b: 'x' });
  });

  it.each([
    '',
    'not xml',
    '<key a="1"',
    '<key a="1"/> trailing',
    '<key a="1">',
    '<key a=1/>',
    '<key a="&bogus;"/>',
    '<key a="<"/>',
    '<key a="1"b="2"/>',
    '<?xml version="1.0"',
  ])('refuses %j', (xml) => {
    expect(parseRootAttributes(xml)).toBeNull();
  });
});
