import {
  decryptKeyFile,
  prepareExpiringKeyFile,
  prepareKeyFile,
  signKeyFileHere,
  type UnsignedKeyFile,
} from '../../licensing/juce-key-file.js';
import type { KeyFileSigner } from '../../licensing/signing-pool.js';
import { loadSigningKey, type SigningKey } from '../../licensing/rsa-key.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { ProductRow } from '../product/index.js';

export type LicenceKeys = { serialNew: string; serial2048: string };
type Owner = { name: string; email: string };

/**
 * Private keys already opened, by their sealed text: every activation of a product signs with the same key, and
 * opening it (AES-GCM) cost more than the rest of the key file but the signature. The opened keys are kept in
 * memory anyway (loadSigningKey's cache); a product whose key changes has a new sealed text.
 */
const openedKeys = new Map<string, SigningKey>();
const MAX_OPENED_KEYS = 256;

function signingKey(publicKey: string, sealedPrivateKey: string, secretBox: SecretBox): SigningKey | undefined {
  if (!publicKey || !sealedPrivateKey) return undefined;
  const cacheKey = `${publicKey}\n${sealedPrivateKey}`;
  const cached = openedKeys.get(cacheKey);
  if (cached) return cached;
  const key = loadSigningKey(secretBox.open(sealedPrivateKey), publicKey);
  if (openedKeys.size >= MAX_OPENED_KEYS) openedKeys.clear();
  openedKeys.set(cacheKey, key);
  return key;
}

type KeyFileOptions = { product: ProductRow; owner: Owner; secretBox: SecretBox; machineNumbers: string };

/** One key file for the product's 1024-bit (`serialNew`) or 2048-bit pair, before signing; undefined without that pair. */
function prepareProductKeyFile(options: KeyFileOptions & { size: 1024 | 2048 }): UnsignedKeyFile | undefined {
  const { product, owner } = options;
  const key =
    options.size === 2048
      ? signingKey(product.public_key_2048, product.private_key_2048_sealed, options.secretBox)
      : signingKey(product.public_key, product.private_key_sealed, options.secretBox);
  if (!key) return undefined;
  return prepareKeyFile({
    appName: product.name,
    userName: owner.name || owner.email,
    userEmail: owner.email,
    machineNumbers: options.machineNumbers,
    privateKey: key,
  });
}

/** One key file signed here with the product's 1024-bit or 2048-bit pair; empty without that pair. */
function createProductKeyFile(options: KeyFileOptions & { size: 1024 | 2048 }): string {
  const file = prepareProductKeyFile(options);
  return file ? signKeyFileHere(file) : '';
}

/**
 * The licence's JUCE key files: `serialNew` with the product's 1024-bit pair, `serial2048` with its 2048-bit pair
 * when "use RSA 2048" is set. user = owner's name, email = owner's email, app = product name, mach = the given
 * machine IDs (empty for a licence's serial key; the Device ID for a device's offline key).
 */
export function createLicenceKeys(options: {
  product: ProductRow;
  owner: Owner;
  secretBox: SecretBox;
  machineNumbers?: string;
}): LicenceKeys {
  const base = { ...options, machineNumbers: options.machineNumbers ?? '' };
  return {
    serialNew: createProductKeyFile({ ...base, size: 1024 }),
    serial2048: options.product.use_rsa_2048 ? createProductKeyFile({ ...base, size: 2048 }) : '',
  };
}

/**
 * The same key files signed by `signer` (off the event loop, so the other requests' work and this order's
 * database waits go on meanwhile; the webhook's licences are signed so). The files are alike to `createLicenceKeys`'s.
 */
export async function signLicenceKeys(options: {
  product: ProductRow;
  owner: Owner;
  secretBox: SecretBox;
  signer: KeyFileSigner;
}): Promise<LicenceKeys> {
  const base = { ...options, machineNumbers: '' };
  const sign = (file: UnsignedKeyFile | undefined) => (file ? options.signer.sign(file) : Promise.resolve(''));
  const [serialNew, serial2048] = await Promise.all([
    sign(prepareProductKeyFile({ ...base, size: 1024 })),
    sign(options.product.use_rsa_2048 ? prepareProductKeyFile({ ...base, size: 2048 }) : undefined),
  ]);
  return { serialNew, serial2048 };
}

/**
 * The key file a device gets: bound to its Device ID, signed with the key the current releases use (2048-bit
 * when "use RSA 2048" is set and the pair exists, else 1024-bit). Only that one file is signed, by `signer`
 * (off the event loop: a registration is the one request that signs on demand).
 */
export async function createDeviceKeyFile(options: {
  product: ProductRow;
  owner: Owner;
  secretBox: SecretBox;
  deviceId: string;
  signer: KeyFileSigner;
}): Promise<string> {
  const base = { ...options, machineNumbers: options.deviceId };
  const file =
    (options.product.use_rsa_2048 ? prepareProductKeyFile({ ...base, size: 2048 }) : undefined) ??
    prepareProductKeyFile({ ...base, size: 1024 });
  return file ? options.signer.sign(file) : '';
}

/**
 * Whether a stored key file (a computer's or a trial's) opens with the public key the product's current releases
 * hold, the one createDeviceKeyFile and createTrialKeyFile sign with now. A file signed before "use RSA 2048" was
 * set, or before the product's pair was made anew, does not: a current release cannot unlock with it (decision
 * 101). True when the product has no pair to sign with (nothing better can be made).
 */
export function isSignedWithCurrentKey(product: ProductRow, keyFile: string): boolean {
  const publicKey = currentPublicKeyOf(product);
  if (!publicKey) return true;
  return keyFile !== '' && decryptKeyFile(keyFile, publicKey) !== null;
}

/** Whether the product has a pair to sign a computer's key file with (a new product may have none yet). */
export const canSignKeyFiles = (product: ProductRow): boolean => currentPublicKeyOf(product) !== '';

/** The public key of the pair createDeviceKeyFile signs with; empty when the product has no pair. */
function currentPublicKeyOf(product: ProductRow): string {
  if (product.use_rsa_2048 && product.public_key_2048 !== '' && product.private_key_2048_sealed !== '') return product.public_key_2048;
  return product.private_key_sealed === '' ? '' : product.public_key;
}

/**
 * A trial's key file: JUCE's expiring flavour (`expiring_mach` = the Device ID, `expiryTime`), signed with the key
 * the current releases use, like a device's. JUCE accepts it but leaves isUnlocked() false; the plug-in compares
 * getExpiryTime() with the clock (decision 017). Empty when the product has no key pair.
 */
export async function createTrialKeyFile(options: {
  product: ProductRow;
  holder: Owner;
  secretBox: SecretBox;
  deviceId: string;
  expiryTime: Date;
  signer: KeyFileSigner;
}): Promise<string> {
  const { product, secretBox } = options;
  const key =
    (product.use_rsa_2048 ? signingKey(product.public_key_2048, product.private_key_2048_sealed, secretBox) : undefined) ??
    signingKey(product.public_key, product.private_key_sealed, secretBox);
  if (!key) return '';
  const file = prepareExpiringKeyFile({
    appName: product.name,
    userName: options.holder.name,
    userEmail: options.holder.email,
    machineNumbers: options.deviceId,
    expiryTime: options.expiryTime,
    privateKey: key,
  });
  return options.signer.sign(file);
}

/**
 * The key file of a computer whose plug-in is built on clients/juce (decision 041): it carries the secret of the
 * computer's removal code (`removal`) and, when the product's online keys expire, is JUCE's expiring flavour
 * (`expiring_mach`, `expiryTime`) naming its licence (`licence`), which the module renews. Signed with the key the
 * current releases use, like a device's; empty when the product has no key pair.
 */
export async function createModuleKeyFile(options: {
  product: ProductRow;
  owner: Owner;
  secretBox: SecretBox;
  deviceId: string;
  signer: KeyFileSigner;
  removalSecret: string;
  /** The licence and the key's end, for an expiring key; undefined: permanent. */
  rolling?: { licenceId: number; expiryTime: Date };
}): Promise<string> {
  const { product, secretBox, owner, rolling } = options;
  const key =
    (product.use_rsa_2048 ? signingKey(product.public_key_2048, product.private_key_2048_sealed, secretBox) : undefined) ??
    signingKey(product.public_key, product.private_key_sealed, secretBox);
  if (!key) return '';
  const base = {
    appName: product.name,
    userName: owner.name || owner.email,
    userEmail: owner.email,
    machineNumbers: options.deviceId,
    privateKey: key,
  };
  const file = rolling
    ? prepareExpiringKeyFile({
        ...base,
        expiryTime: rolling.expiryTime,
        extraAttributes: [
          ['licence', String(rolling.licenceId)],
          ['removal', options.removalSecret],
        ],
      })
    : prepareKeyFile({ ...base, extraAttributes: [['removal', options.removalSecret]] });
  return options.signer.sign(file);
}
