import type { TestApp } from './test-app.js';
import { uniqueIp } from './test-app.js';
import { parseRootAttributes } from '../src/licensing/juce-xml.js';

/** Posts a form as JUCE's online unlock, trial and renewal calls send it, from a fresh client address. */
export const postJuceForm = (t: TestApp, url: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: uniqueIp(),
  });

const decodeXmlText = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#\d+);/g, (_, entity: string) =>
    entity.startsWith('#') ? String.fromCodePoint(Number(entity.slice(1))) : { amp: '&', lt: '<', gt: '>', quot: '"' }[entity]!,
  );

/** The key file of a JUCE answer (`<KEY>…</KEY>`, XML text decoded); '' when it carries none. */
export const keyOfJuceAnswer = (body: string) => decodeXmlText(/<KEY>([\s\S]*)<\/KEY>/.exec(body)?.[1] ?? '');

/** The `error` attribute of a JUCE `<ERROR …/>` answer; undefined for any other answer. */
export const errorOfJuceAnswer = (body: string) => (body.startsWith('<ERROR') ? parseRootAttributes(body)?.get('error') : undefined);
