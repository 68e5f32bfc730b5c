import { domainToUnicode } from 'node:url';
import { canonicalEmail } from '@store/contracts/email-address';
import { escapeLike } from './list-request.js';

/**
 * What identifies an erased person in free text (a mail to someone else, an audit record, a webhook's note): their
 * addresses, their names and their computers' Device IDs (docs/PRIVACY.md).
 */
export type PersonalTexts = { emails: readonly string[]; names: readonly string[]; deviceIds: readonly string[] };

/** What an erased mention reads as. */
export const ERASED_TEXT = '[erased]';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A name as React's HTML of a mail writes it (mail/templates), besides as it is. */
const htmlVariants = (name: string) => {
  const escaped = name.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
  return escaped === name ? [name] : [name, escaped];
};

const nonEmpty = (texts: readonly string[]) => [...new Set(texts.map((text) => text.trim()).filter((text) => text !== ''))];

/**
 * The ways one address may be written in a text (decision 082): as stored, and each of its local part's spellings
 * (composed, decomposed) with each of its domain's (punycode, Unicode composed and decomposed).
 * "kate@bücher.example" is also found written as "kate@xn--bcher-kva.example", the form a mail's headers carry.
 */
export function addressSpellings(address: string): string[] {
  const canonical = canonicalEmail(address.trim());
  if (canonical === undefined) return nonEmpty([address]);
  const at = canonical.lastIndexOf('@');
  const local = canonical.slice(0, at);
  const domain = canonical.slice(at + 1);
  const unicodeDomain = domainToUnicode(domain) || domain;
  const locals = [local, local.normalize('NFD')];
  const domains = [domain, unicodeDomain.normalize('NFC'), unicodeDomain.normalize('NFD')];
  return nonEmpty([address, ...locals.flatMap((part) => domains.map((host) => `${part}@${host}`))]);
}

/**
 * The shortest Device ID looked for in text. A Device ID is whatever the plug-in sent (1 to 128 characters): a short
 * one ("admin", "@", "e") identifies no one and would cut every such word out of other people's records (review S1,
 * 2026-11-28-staff-roles). JUCE's machine IDs and the offline dialog's (32 characters) are longer.
 */
export const MIN_DEVICE_ID_MENTION = 8;

const deviceIdsToFind = (deviceIds: readonly string[]) => nonEmpty(deviceIds).filter((id) => id.length >= MIN_DEVICE_ID_MENTION);

/** What may stand before and after an address in the same address: a mention is the whole address or nothing. */
const ADDRESS_BEFORE = "(?<![\\p{L}\\p{N}.!#$%&'*+/=?^_`{|}~-])";
const ADDRESS_AFTER = String.raw`(?![\p{L}\p{N}_-]|\.[\p{L}\p{N}])`;
/** A word stands alone: no letter or digit touches it. */
const WORD_BEFORE = String.raw`(?<![\p{L}\p{N}])`;
const WORD_AFTER = String.raw`(?![\p{L}\p{N}])`;

/**
 * One pattern for every mention, case ignored: addresses whole (so "a@b.co" is not taken out of "aa@b.com"), Device
 * IDs and names as whole words (so "Ada" is not taken out of "Adagio"). Longest first, so an address is replaced whole
 * before a name inside it.
 */
function mentionPattern(texts: PersonalTexts, flags = 'giu'): RegExp | undefined {
  const addresses = nonEmpty(texts.emails)
    .flatMap(addressSpellings)
    .map((text) => ({ text, pattern: `${ADDRESS_BEFORE}${escapeRegExp(text)}${ADDRESS_AFTER}` }));
  const words = [...deviceIdsToFind(texts.deviceIds), ...nonEmpty(texts.names).flatMap(htmlVariants)].map((text) => ({
    text,
    pattern: `${WORD_BEFORE}${escapeRegExp(text)}${WORD_AFTER}`,
  }));
  const parts = [...addresses, ...words].sort((a, b) => b.text.length - a.text.length);
  return parts.length === 0 ? undefined : new RegExp(parts.map((part) => part.pattern).join('|'), flags);
}

/** The strings of a text or JSON value (keys are the program's, not the person's). */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(stringsOf);
  return [];
}

/**
 * Whether a text, or any string of a JSON value (or of an array of a record's fields), holds one of the addresses
 * whole, in any of its spellings, case ignored: erasing "bo@x.com" finds it in "Bo@X.com" and "<bo@x.com>", not in
 * "jimbo@x.com" or "bo@x.com.au".
 */
export function mentionsAddressOf(value: unknown, emails: readonly string[]): boolean {
  const pattern = mentionPattern({ emails, names: [], deviceIds: [] }, 'iu');
  return pattern !== undefined && stringsOf(value).some((text) => pattern.test(text));
}

/** Only the addresses of the person: what a record that is not about them loses. */
export const addressesOf = (texts: PersonalTexts): PersonalTexts => ({ emails: texts.emails, names: [], deviceIds: [] });

/**
 * Whether an erasure takes a record to be about the person (decision 093): it is theirs (a record of their licence,
 * their order, their transfer: each place knows by its own keys), or it holds one of their addresses whole (a gift's
 * receipt naming its recipient, a note to support naming them). `content` is the whole record: every text and JSON
 * value of it, as mentionsAddressOf reads them. A name or a Device ID alone makes no record about them: those are
 * words the person chose ("Licence", "password-reset"), no licence to cut them out of everyone else's records.
 */
export const isAboutPerson = (texts: PersonalTexts, record: { isTheirs: boolean; content: unknown }): boolean =>
  record.isTheirs || mentionsAddressOf(record.content, texts.emails);

/**
 * What an erasure replaces in one record (decision 093): in a record about the person (isAboutPerson) every mention,
 * address, name and Device ID; in any other only their addresses.
 */
export const mentionsToErase = (texts: PersonalTexts, record: { isTheirs: boolean; content: unknown }): PersonalTexts =>
  isAboutPerson(texts, record) ? texts : addressesOf(texts);

/** The text with every mention of the person replaced by ERASED_TEXT. */
export function redactText(text: string, texts: PersonalTexts): string {
  const pattern = mentionPattern(texts);
  return pattern ? text.replace(pattern, ERASED_TEXT) : text;
}

/** A JSON value with every string in it redacted (keys are the program's, not the person's, and stay). */
export function redactJson(value: unknown, texts: PersonalTexts): unknown {
  const pattern = mentionPattern(texts);
  if (!pattern) return value;
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return item.replace(pattern, ERASED_TEXT);
    if (Array.isArray(item)) return item.map(walk);
    if (typeof item === 'object' && item !== null)
      return Object.fromEntries(Object.entries(item).map(([key, inner]) => [key, walk(inner)]));
    return item;
  };
  return walk(value);
}

/**
 * `ILIKE` patterns that find the rows an erasure may change beside those each place knows as the person's own: their
 * addresses in every spelling (a superset: a longer address, "jimbo@…" for "bo@…", matches here, and redactText then
 * leaves it). A record that is not theirs changes only if it holds their address (mentionsToErase), so a name or a
 * Device ID alone finds nothing to lock (decision 093). Empty when there is nothing to look for.
 */
export const addressLikePatterns = (texts: PersonalTexts): string[] =>
  nonEmpty(texts.emails)
    .flatMap(addressSpellings)
    .map((text) => `%${escapeLike(text)}%`);
