// JUCE key files (KeyGeneration::generateKeyFile / OnlineUnlockStatus::applyKeyFile), byte for byte.
import { applyRawPublic, loadVerifyingKey, signRawPrivate, type SigningKey } from './rsa-key.js';
import { readBigEndian, writeBigEndian } from './rsa-math.js';
import { escapeJuceXml, parseRootAttributes, truncateAtNul } from './juce-xml.js';

/** What goes into a key file; mirrors the arguments of JUCE's KeyGeneration::generateKeyFile. */
export interface KeyFileOptions {
  readonly appName: string;
  readonly userEmail: string;
  readonly userName: string;
  /** One string as JUCE takes it (`"A,B"`), or a list joined with commas. */
  readonly machineNumbers: string | readonly string[];
  readonly privateKey: SigningKey;
  /** Creation time, written as `date` (hex ms) and in the comment; defaults to now. */
  readonly date?: Date;
  /** Replaces JUCE's comment block (`Keyfile for …`, `User: …`, …); lines joined with CRLF. */
  readonly comment?: string;
  /**
   * Attributes of this project's own after JUCE's (JUCE reads only its own and ignores others): `licence` and
   * `removal` on the keys of plug-ins built on clients/juce (decision 041).
   */
  readonly extraAttributes?: ReadonlyArray<readonly [string, string]>;
}

/** Options of an expiring key file (`expiring_mach` + `expiryTime`). */
export interface ExpiringKeyFileOptions extends KeyFileOptions {
  readonly expiryTime: Date;
}

/** The content of a key file that decrypted with the product's public key. */
export interface DecryptedKeyFile {
  readonly xml: string;
  /** Every attribute of the root element, unescaped (the first one wins on duplicates, as in JUCE). */
  readonly attributes: Readonly<Record<string, string>>;
  readonly user: string;
  readonly email: string;
  readonly app: string;
  /** The raw machine list JUCE reads: `expiring_mach` for expiring files, else `mach`. */
  readonly mach: string;
  /** `mach` split on `,` `;` and space, trimmed, empty tokens dropped (JUCE's getMachineNumbers). */
  readonly machineNumbers: readonly string[];
  /** `date` (hex Unix ms), or null when absent or not hex. */
  readonly date: Date | null;
  /** True when both `expiryTime` and `expiring_mach` are present, as JUCE decides. */
  readonly isExpiring: boolean;
  /** `expiryTime` read like JUCE's getHexValue64 (non-hex characters skipped), or null when absent. */
  readonly expiryTime: Date | null;
}

type Exponentiation = (block: Buffer) => Buffer;

const CRLF = '\r\n';
const CHARACTERS_PER_LINE = 70;
// A presented key file is untrusted input: cap its base-n digits so BigInt work stays small (8 KB at 1024 bits).
const MAX_DIGITS = 64;
const XML_HEADER = '<?xml version="1.0" encoding="UTF-8"?> ';
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const UTF8_DECODER = new TextDecoder('utf-8', { fatal: true });

/**
 * A key file whose RSA blocks are still to be put through the private key: `finish` takes them signed, in
 * order, and answers the file. Lets the exponentiations run elsewhere (a signing thread) while the rest stays here.
 */
export interface UnsignedKeyFile {
  readonly key: SigningKey;
  readonly blocks: readonly Buffer[];
  readonly finish: (signedBlocks: readonly Buffer[]) => string;
}

/** Creates a JUCE key file exactly as KeyGeneration::generateKeyFile does (comment times in UTC). */
export function createKeyFile(options: KeyFileOptions): string {
  return signKeyFileHere(prepareKeyFile(options));
}

/** Creates a JUCE expiring key file exactly as KeyGeneration::generateExpiringKeyFile does. */
export function createExpiringKeyFile(options: ExpiringKeyFileOptions): string {
  return signKeyFileHere(prepareExpiringKeyFile(options));
}

/** A key file as createKeyFile makes it, before its blocks are signed. */
export function prepareKeyFile(options: KeyFileOptions): UnsignedKeyFile {
  const date = options.date ?? new Date();
  const fields = readFields(options);
  const attributes: Array<readonly [string, string]> = [
    ['user', fields.userName],
    ['email', fields.userEmail],
    ['mach', fields.machineNumbers],
    ['app', fields.appName],
    ['date', formatJuceHex(date)],
    ...(options.extraAttributes ?? []),
  ];
  const comment = options.comment ?? createComment(fields, date);
  return prepareAssembly(comment, attributes, options.privateKey);
}

/** An expiring key file as createExpiringKeyFile makes it, before its blocks are signed. */
export function prepareExpiringKeyFile(options: ExpiringKeyFileOptions): UnsignedKeyFile {
  const date = options.date ?? new Date();
  const fields = readFields(options);
  const attributes: Array<readonly [string, string]> = [
    ['user', fields.userName],
    ['email', fields.userEmail],
    ['expiring_mach', fields.machineNumbers],
    ['app', fields.appName],
    ['date', formatJuceHex(date)],
    ['expiryTime', formatJuceHex(options.expiryTime)],
    ...(options.extraAttributes ?? []),
  ];
  const comment = options.comment ?? `${createComment(fields, date)}${CRLF}Expires: ${formatJuceTime(options.expiryTime)}`;
  return prepareAssembly(comment, attributes, options.privateKey);
}

/** Signs a prepared key file on this thread. */
export const signKeyFileHere = (file: UnsignedKeyFile): string => file.finish(file.blocks.map((block) => signRawPrivate(file.key, block)));

/** Decrypts a key file (or bare hex) with a JUCE public key text as JUCE's client does; null if it is not valid. */
export function decryptKeyFile(keyFileText: string, publicKeyText: string): DecryptedKeyFile | null {
  const key = loadVerifyingKey(publicKeyText);
  const value = readKeyFileNumber(keyFileText, key.modulusLength * 2 * MAX_DIGITS);
  if (value === null) return null;
  const plain = applyJuceRsa(value, key.modulus, key.modulusLength, (block) => applyRawPublic(key, block));
  if (plain === 0n) return null;
  const hex = plain.toString(16);
  const bytes = Buffer.from(hex.length % 2 === 0 ? hex : '0' + hex, 'hex').reverse();
  let xml: string;
  try {
    xml = UTF8_DECODER.decode(bytes);
  } catch {
    return null;
  }
  const attributes = parseRootAttributes(xml);
  return attributes === null ? null : describeKeyFile(xml, attributes);
}

interface KeyFileFields {
  readonly appName: string;
  readonly userEmail: string;
  readonly userName: string;
  readonly machineNumbers: string;
}

function readFields(options: KeyFileOptions): KeyFileFields {
  const machines = typeof options.machineNumbers === 'string' ? options.machineNumbers : options.machineNumbers.join(',');
  return {
    appName: truncateAtNul(options.appName),
    userEmail: truncateAtNul(options.userEmail),
    userName: truncateAtNul(options.userName),
    machineNumbers: truncateAtNul(machines),
  };
}

// KeyFileUtils::createKeyFileComment
function createComment(fields: KeyFileFields, date: Date): string {
  const lines = [`Keyfile for ${fields.appName}`];
  if (fields.userName !== '') lines.push(`User: ${fields.userName}`);
  lines.push(`Email: ${fields.userEmail}`, `Machine numbers: ${fields.machineNumbers}`, `Created: ${formatJuceTime(date)}`);
  return lines.join(CRLF);
}

// KeyFileUtils::createKeyFile: comment, blank line, "#" + hex in 70-character lines, trailing CRLF.
function prepareAssembly(comment: string, attributes: ReadonlyArray<readonly [string, string]>, key: SigningKey): UnsignedKeyFile {
  const element = attributes.map(([name, value]) => ` ${name}="${escapeJuceXml(value, 'attribute')}"`).join('');
  const encryption = prepareEncryption(`${XML_HEADER}<key${element}/>`, key);
  return {
    key,
    blocks: encryption.blocks,
    finish: (signedBlocks) => {
      const hex = '#' + encryption.toHex(signedBlocks);
      const lines = [comment, ''];
      for (let start = 0; start < hex.length; start += CHARACTERS_PER_LINE) {
        lines.push(hex.slice(start, start + CHARACTERS_PER_LINE));
      }
      lines.push('');
      return lines.join(CRLF);
    },
  };
}

// KeyFileUtils::encryptXML: UTF-8 bytes loaded little-endian, RSAKey::applyToValue, BigInteger::toString(16).
function prepareEncryption(plaintext: string, key: SigningKey): { blocks: Buffer[]; toHex: (signed: readonly Buffer[]) => string } {
  const bytes = Buffer.from(plaintext, 'utf8');
  if (bytes.length <= key.modulusLength) {
    // Fast path without BigInt: the whole message is one base-n digit.
    const block = Buffer.alloc(key.modulusLength);
    bytes.copy(block, key.modulusLength - bytes.length);
    block.subarray(key.modulusLength - bytes.length).reverse();
    if (block.compare(key.modulusBytes) < 0) {
      return { blocks: [block], toHex: (signed) => signed[0]!.toString('hex').replace(/^0+/, '') || '0' };
    }
  }
  const value = readBigEndian(Buffer.from(bytes).reverse());
  return {
    blocks: toDigitBlocks(value, key.modulus, key.modulusLength),
    toHex: (signed) => fromDigitBlocks(signed, key.modulus).toString(16),
  };
}

// RSAKey::applyToValue: exponentiate each base-n digit, least significant first, rebuilding the result in
// reverse digit order. Applying it with the other exponent reverses the order back.
function applyJuceRsa(value: bigint, modulus: bigint, modulusLength: number, exponentiate: Exponentiation): bigint {
  return fromDigitBlocks(toDigitBlocks(value, modulus, modulusLength).map(exponentiate), modulus);
}

/** The base-n digits of `value`, least significant first, each a big-endian block of the modulus's length. */
function toDigitBlocks(value: bigint, modulus: bigint, modulusLength: number): Buffer[] {
  const blocks: Buffer[] = [];
  for (let remaining = value; remaining > 0n; remaining /= modulus) {
    blocks.push(writeBigEndian(remaining % modulus, modulusLength));
  }
  return blocks;
}

/** The exponentiated digits rebuilt into one number, the first one most significant (JUCE's order). */
function fromDigitBlocks(blocks: readonly Buffer[], modulus: bigint): bigint {
  return blocks.reduce((result, block) => result * modulus + readBigEndian(block), 0n);
}

// KeyFileUtils::getXmlFromKeyFile + BigInteger::parseString(…, 16): the text after the last "#" (or all of it),
// every non-hex character skipped; a leading "-" makes the number negative, which applyToValue refuses.
function readKeyFileNumber(keyFileText: string, maxHexDigits: number): bigint | null {
  const hashIndex = keyFileText.lastIndexOf('#');
  const block = (hashIndex === -1 ? keyFileText : keyFileText.slice(hashIndex + 1)).trim();
  if (block.startsWith('-')) return null;
  const hex = block.replace(/[^0-9a-fA-F]/g, '').replace(/^0+/, '');
  if (hex === '' || hex.length > maxHexDigits) return null;
  return BigInt('0x' + hex);
}

// KeyFileUtils::getDataFromKeyFile
function describeKeyFile(xml: string, attributes: Map<string, string>): DecryptedKeyFile {
  const isExpiring = attributes.has('expiryTime') && attributes.has('expiring_mach');
  const mach = attributes.get(isExpiring ? 'expiring_mach' : 'mach') ?? '';
  const rawDate = attributes.get('date');
  const rawExpiry = attributes.get('expiryTime');
  return {
    xml,
    attributes: Object.fromEntries(attributes),
    user: attributes.get('user') ?? '',
    email: attributes.get('email') ?? '',
    app: attributes.get('app') ?? '',
    mach,
    machineNumbers: mach
      .split(/[,; ]/)
      .map((token) => token.trim())
      .filter((token) => token !== ''),
    date: rawDate !== undefined && /^[0-9a-fA-F]+$/.test(rawDate) ? readJuceHexTime(rawDate) : null,
    isExpiring,
    expiryTime: rawExpiry === undefined ? null : readJuceHexTime(rawExpiry),
  };
}

function readJuceHexTime(text: string): Date | null {
  const hex = text.replace(/[^0-9a-fA-F]/g, '');
  const milliseconds = hex === '' ? 0 : Number(BigInt('0x' + hex));
  const date = new Date(milliseconds);
  return Number.isNaN(date.getTime()) ? null : date;
}

// String::toHexString (Time::toMilliseconds())
function formatJuceHex(date: Date): string {
  const milliseconds = date.getTime();
  if (!Number.isSafeInteger(milliseconds) || milliseconds < 0) throw new RangeError('Key-file times must be after 1970.');
  return milliseconds.toString(16);
}

// Time::toString (true, true): "22 Nov 2026 4:16:22am", here in UTC rather than the machine's local time.
function formatJuceTime(date: Date): string {
  const hours = date.getUTCHours();
  const clockHours = hours % 12 === 0 ? 12 : hours % 12;
  const minutes = String(date.getUTCMinutes()).padStart(2, '0');
  const seconds = String(date.getUTCSeconds()).padStart(2, '0');
  const month = MONTH_NAMES[date.getUTCMonth()] ?? '';
  const day = `${date.getUTCDate()} ${month} ${date.getUTCFullYear()}`;
  return `${day} ${clockHours}:${minutes}:${seconds}${hours >= 12 ? 'pm' : 'am'}`;
}
