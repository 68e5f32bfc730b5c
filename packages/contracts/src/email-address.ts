import { ADMIN_USER_NAME } from './constants.js';
import { decodePunycode } from './punycode.js';

/** What "looks like an email" means everywhere (§5): the specification's pattern, before the rules below. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Control, format (invisible: soft hyphen, zero-width joiner, direction marks), private-use and space characters,
 * and every other character Unicode says to show as nothing (Default_Ignorable_Code_Point: variation selectors,
 * the combining grapheme joiner, Hangul fillers), which the domain's IDNA conversion would silently drop.
 */
const INVISIBLE_CHARACTER = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Z}\p{Default_Ignorable_Code_Point}]/u;
/** What a domain is written with before its conversion: ASCII letters, digits, dots and hyphens, and non-ASCII. */
const DOMAIN_CHARACTERS = /^[A-Za-z0-9.\-\u0080-\u{10FFFF}]+$/u;
/** One label of a domain in its ASCII form (RFC 5321 sub-domain: letters, digits, inner hyphens; at most 63). */
const ASCII_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * Whether a character stays what it is: Unicode keeps some only for compatibility (fullwidth letters, ligatures,
 * superscripts; NFKC replaces them) and normalisation replaces others by a character of their own (U+212A KELVIN
 * SIGN becomes the letter K, U+212B ÅNGSTRÖM SIGN becomes Å). Such a character is how a look-alike of an address is
 * spelled, so an address holding one is refused rather than folded into the address it imitates.
 */
const isStableCharacter = (character: string) => character.normalize('NFKC') === character;

/**
 * The domain in its ASCII form (internationalised labels in punycode, lower case): the WHATWG URL host parser's
 * IDNA (UTS #46) conversion, the one nodemailer applies before delivery, so the canonical domain is the domain the
 * mail goes to. Undefined when it is no mail domain: an empty or over-long label, a label that is not letters,
 * digits and inner hyphens, a numeric top-level label (an IPv4 address), or text the parser reads as more than a host.
 */
function asciiDomainOf(domain: string): string | undefined {
  if (!DOMAIN_CHARACTERS.test(domain)) return undefined;
  let host: string;
  try {
    host = new URL(`http://${domain}/`).hostname;
  } catch {
    return undefined;
  }
  const labels = host.split('.');
  const isMailDomain =
    host.length <= 253 &&
    labels.length >= 2 &&
    labels.every((label) => ASCII_LABEL.test(label) && isValidAceLabel(label)) &&
    /[a-z]/.test(labels.at(-1)!);
  return isMailDomain ? host : undefined;
}

/**
 * Whether a label in its ASCII form is what it claims: a label that is no "xn--" label, or one whose Punycode
 * decodes to a Unicode label that is accepted (non-ASCII, no invisible or unstable character, in NFC) and converts
 * back to exactly this label. URL parsers disagree here (Node.js 24.22 keeps "xn--zz" as it is, 20 and 22 refuse
 * it), so the answer may not depend on the runtime's parser.
 */
function isValidAceLabel(label: string): boolean {
  if (!label.startsWith('xn--')) return true;
  const unicode = decodePunycode(label.slice(4));
  if (unicode === undefined || ![...unicode].some((character) => character.codePointAt(0)! >= 0x80) || INVISIBLE_CHARACTER.test(unicode))
    return false;
  if (![...unicode].every(isStableCharacter) || unicode.normalize('NFC') !== unicode) return false;
  try {
    return new URL(`http://${unicode}/`).hostname === label;
  } catch {
    return false;
  }
}

/**
 * The canonical form of an email address, or undefined when the address is not accepted (decision 030,
 * docs/SECURITY.md "Addresses"). Two addresses are the same person exactly when their canonical forms are equal,
 * byte for byte; this is the only place that decides it (the database compares the stored forms, never a collation).
 *
 * - Accepted: the specification's pattern, at most 254 characters, no invisible or space characters, no
 *   compatibility characters or characters normalisation replaces (the Kelvin sign, fullwidth letters), and a
 *   domain that converts to an ASCII mail domain. Local parts may hold any other Unicode (SMTPUTF8); domains may be
 *   written in Unicode or in punycode.
 * - Canonical: the address in NFC (a composed and a decomposed "é" are one address); the local part with ASCII
 *   letters lower-cased and nothing else changed (no Unicode case folding, which would turn "İ" into "i"); the
 *   domain in its ASCII form.
 */
export function canonicalEmail(address: string): string | undefined {
  if (address.length > 254 || !EMAIL_PATTERN.test(address) || INVISIBLE_CHARACTER.test(address)) return undefined;
  if (![...address].every(isStableCharacter)) return undefined;
  const normal = address.normalize('NFC');
  const at = normal.lastIndexOf('@');
  const domain = asciiDomainOf(normal.slice(at + 1));
  if (domain === undefined) return undefined;
  const local = normal.slice(0, at).replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
  return `${local}@${domain}`;
}

/** Whether an address is accepted (has a canonical form). */
export const isAcceptedEmail = (address: string): boolean => canonicalEmail(address) !== undefined;

/** Whether two addresses are one (their canonical forms are equal); an address that is not accepted is nobody's. */
export function isSameEmail(first: string, second: string): boolean {
  const canonical = canonicalEmail(first);
  return canonical !== undefined && canonical === canonicalEmail(second);
}

/** The canonical form of a login's name: the administrator's name as it is, any other name as an address. */
export const canonicalLoginName = (name: string): string | undefined => (name === ADMIN_USER_NAME ? name : canonicalEmail(name));
