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
 * One pattern for every mention, case ignored: addresses and Device IDs wherever they stand, names as whole words
 * (so "Ada" is not taken out of "Adagio"). Longest first, so an address is replaced whole before a name inside it.
 */
function mentionPattern(texts: PersonalTexts): RegExp | undefined {
  const anywhere = [...nonEmpty(texts.emails).flatMap(addressSpellings), ...nonEmpty(texts.deviceIds)].map((text) => ({
    text,
    pattern: escapeRegExp(text),
  }));
  const words = nonEmpty(texts.names)
    .flatMap(htmlVariants)
    .map((text) => ({ text, pattern: String.raw`(?<![\p{L}\p{N}])${escapeRegExp(text)}(?![\p{L}\p{N}])` }));
  const parts = [...anywhere, ...words].sort((a, b) => b.text.length - a.text.length);
  return parts.length === 0 ? undefined : new RegExp(parts.map((part) => part.pattern).join('|'), 'giu');
}

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
 * `ILIKE` patterns that find the rows which may mention the person (a superset: a name inside a longer word matches
 * here, and redactText then leaves it). Empty when there is nothing to look for.
 */
export const mentionLikePatterns = (texts: PersonalTexts): string[] =>
  [...nonEmpty(texts.emails).flatMap(addressSpellings), ...nonEmpty(texts.deviceIds), ...nonEmpty(texts.names).flatMap(htmlVariants)].map(
    (text) => `%${escapeLike(text)}%`,
  );
