import { describe, expect, it } from 'vitest';
import { parseRootAttributes } from './juce-xml.js';
import { formatUnlockError, formatUnlockSuccess } from './juce-unlock-reply.js';

describe('formatUnlockSuccess', () => {
  it('wraps the whole key file in KEY under MESSAGE', () => {
    const keyFile = 'Keyfile for MyPlugin\r\n\r\n#58e602f6e9bc\r\n';
    expect(formatUnlockSuccess('Thanks for registering MyPlugin!', keyFile)).toBe(
      '<MESSAGE message="Thanks for registering MyPlugin!"><KEY>Keyfile for MyPlugin\r\n\r\n#58e602f6e9bc\r\n</KEY></MESSAGE>',
    );
  });

  it('escapes the message and the key text', () => {
    const reply = formatUnlockSuccess('Danke, "Jöe" <B&B>\n', 'Keyfile for A&B <X>\r\n\r\n#ab\r\n', 'https://x.test/?a=1&b=2');
    expect(reply).toBe(
      '<MESSAGE message="Danke, &quot;J&#246;e&quot; &lt;B&amp;B&gt;&#10;" url="https://x.test/?a=1&amp;b=2">' +
        '<KEY>Keyfile for A&amp;B &lt;X&gt;\r\n\r\n#ab\r\n</KEY></MESSAGE>',
    );
    expect(Object.fromEntries(parseRootAttributes(reply) ?? [])).toEqual({
      message: 'Danke, "Jöe" <B&B>\n',
      url: 'https://x.test/?a=1&b=2',
    });
  });
});

describe('formatUnlockError', () => {
  it('writes a self-closing ERROR with the escaped text', () => {
    expect(formatUnlockError('Sorry, that password is wrong.')).toBe('<ERROR error="Sorry, that password is wrong."/>');
    expect(formatUnlockError('Sorry, that password is wrong.', 'https://example.com/reset')).toBe(
      '<ERROR error="Sorry, that password is wrong." url="https://example.com/reset"/>',
    );
    expect(formatUnlockError('4 < 5 & "x"')).toBe('<ERROR error="4 &lt; 5 &amp; &quot;x&quot;"/>');
  });
});
