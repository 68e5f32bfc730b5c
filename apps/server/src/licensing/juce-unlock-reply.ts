// Reply bodies of JUCE's online unlock protocol (OnlineUnlockStatus::handleXmlReply), written as JUCE's
// XmlElement would write them: upper-case tags, no header, JUCE's escaping (so the body is pure ASCII).
import { escapeJuceXml } from './juce-xml.js';

/**
 * What JUCE's applyKeyFile answers for a key file of another product (`LicenseResult::badProductID`). The server
 * refuses with it, before registering anything, a plug-in whose product ID matches a product only ignoring case:
 * JUCE compares the key file's `app` with the product ID exactly, so that plug-in could not use the key.
 */
export const JUCE_WRONG_PRODUCT_MESSAGE = 'ProductID is incorrect.';

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
