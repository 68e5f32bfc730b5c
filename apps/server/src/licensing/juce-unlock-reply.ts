// Reply bodies of JUCE's online unlock protocol (OnlineUnlockStatus::handleXmlReply), written as JUCE's
// XmlElement would write them: upper-case tags, no header, JUCE's escaping (so the body is pure ASCII).
import { escapeJuceXml } from './juce-xml.js';

/** Formats a successful unlock reply: `<MESSAGE message="…"><KEY>key file</KEY></MESSAGE>`. */
export function formatUnlockSuccess(message: string, keyFileText: string, url?: string): string {
  const attributes = formatAttribute('message', message) + formatOptionalUrl(url);
  return `<MESSAGE${attributes}><KEY>${escapeJuceXml(keyFileText, 'text')}</KEY></MESSAGE>`;
}

/** Formats a failed unlock reply: `<ERROR error="…"/>`, never with a KEY (JUCE would still unlock). */
export function formatUnlockError(error: string, url?: string): string {
  return `<ERROR${formatAttribute('error', error)}${formatOptionalUrl(url)}/>`;
}

function formatAttribute(name: string, value: string): string {
  return ` ${name}="${escapeJuceXml(value, 'attribute')}"`;
}

function formatOptionalUrl(url: string | undefined): string {
  return url === undefined || url === '' ? '' : formatAttribute('url', url);
}
