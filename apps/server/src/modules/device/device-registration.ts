import { MAX_DEVICES_PER_LICENSE } from '@store/contracts/constants';
import { isOfflineDevice } from '@store/contracts/licence';
import type { Queryable } from '../../db/client.js';
import { AppError, badRequest } from '../../lib/app-error.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { KeyFileSigner } from '../../licensing/signing-pool.js';
import { canSignKeyFiles, createDeviceKeyFile, createModuleKeyFile, isSignedWithCurrentKey } from '../order/index.js';
import type { ProductRow } from '../product/index.js';
import * as places from './device-places.repository.js';
import * as repository from './device.repository.js';
import * as rows from './device-rows.repository.js';
import { createRemovalSecret } from './removal-code.js';

/** A computer's key file signed for an owner, before the licence was chosen. */
export type SignedKeyFile = { owner: { name: string; email: string }; keyFile: string };

export const deviceLimitMessage = `This licence is already registered on ${MAX_DEVICES_PER_LICENSE} computers. Remove one in your customer area first.`;
export const noActiveLicenceMessage = (productName: string) => `This key does not belong to an active licence of ${productName}.`;
export const keysNotAvailableMessage = (productName: string) =>
  `Activations of ${productName} are not available yet. Please try again later or contact the vendor.`;

// Each lost race means a concurrent registration took a slot, and a licence has only four: more is a storm of deletes.
const MAX_ATTEMPTS = MAX_DEVICES_PER_LICENSE + 2;

/**
 * Registers a computer on one of the given licences and answers its machine-bound key file. A computer already
 * registered on one of them gets its stored key and takes no slot (the module a fresh key of its kind; any other
 * caller a permanent key instead of the module's expiring one); a new one takes the lowest free slot of the
 * first licence that has one. The database's unique constraints decide races (see insertDeviceInFreeSlot), so
 * the four-computer rule holds under any concurrency, across processes; a lost race just looks again.
 */
export async function registerDeviceOnLicences(options: {
  db: Queryable;
  product: ProductRow;
  licences: readonly repository.LicenceCandidate[];
  deviceId: string;
  deviceName: string;
  secretBox: SecretBox;
  signer: KeyFileSigner;
  /** A key file already signed for this computer: used on a licence of the owner it names. */
  signed?: SignedKeyFile;
  /**
   * The plug-in is built on clients/juce (decision 041): its key carries a removal secret and, with `days`, expires
   * then (renewed by the module). A computer already registered gets a fresh key of this kind.
   */
  moduleKey?: { days: number | null };
}): Promise<string> {
  const { db, product, deviceId, signed } = options;
  let { licences } = options;
  // A product saved without keys yet: no place is taken for a key file that cannot be made (decision 103).
  if (!canSignKeyFiles(product)) throw new AppError('unavailable', keysNotAvailableMessage(product.name));
  const keyFiles = new Map<number, string>();
  for (const licence of licences) {
    if (signed && licence.owner_name === signed.owner.name && licence.owner_email === signed.owner.email) {
      keyFiles.set(licence.order_id, signed.keyFile);
    }
  }
  /** The computer's permanent key file on the licence: the one signed already, else signed now. */
  const permanentKeyOf = async (licence: repository.LicenceCandidate): Promise<string> =>
    keyFiles.get(licence.order_id) ??
    (await createDeviceKeyFile({
      product,
      owner: { name: licence.owner_name, email: licence.owner_email },
      secretBox: options.secretBox,
      deviceId,
      signer: options.signer,
    }));
  let states: readonly repository.LicenceDeviceState[] = licences;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    if (attempt > 1) states = await places.readDeviceStates(db, licences, deviceId);
    const activeStates = states.filter((state) => state.is_active);
    if (activeStates.length === 0) throw badRequest(noActiveLicenceMessage(product.name));
    const known = activeStates.find((state) => state.known_key !== null);
    if (known) {
      const licence = licences.find((candidate) => candidate.order_id === known.order_id)!;
      if (options.moduleKey) {
        const device = await rows.findDeviceOfLicence(db, known.order_id, deviceId);
        const keyFile = device && (await renewModuleKey({ ...options, moduleKey: options.moduleKey, licence, device }));
        if (keyFile) return keyFile;
        continue; // the licence ended, or the computer left it, while the key was signed: look again
      }
      // The customer area's offline dialog registers the computer as one without internet: its place takes that name
      // (unless it has one already) and keeps a permanent key, which the list then offers (decision 102).
      const offlineName = isOfflineDevice({ deviceName: options.deviceName }) ? options.deviceName : null;
      if (known.known_key_expires_at === null && isSignedWithCurrentKey(product, known.known_key!)) {
        await rows.touchDevice(db, known.order_id, deviceId, offlineName);
        return known.known_key!;
      }
      // Its key was signed before the product's releases moved to another key ("use RSA 2048", or a pair made anew),
      // so a current release cannot open it (decision 101); or the place holds the module's expiring key, which stock
      // JUCE's isUnlocked() refuses (DESIGN §5). A caller that is not the module (the offline dialog, a serial, a
      // stock unlock) gets a permanent key signed now (decisions 041 and 081).
      const keyFile = await permanentKeyOf(licence);
      keyFiles.set(licence.order_id, keyFile);
      const device = { orderId: licence.order_id, ownerId: licence.person_id, deviceId };
      // The place keeps the module's key, which the module renews, unless the computer is now registered as offline:
      // it cannot renew, so the place gets the permanent key.
      const isHeld =
        known.known_key_expires_at === null || offlineName !== null
          ? await rows.replaceDeviceKey(db, device, keyFile, offlineName)
          : await rows.touchDeviceOfActiveLicence(db, device);
      if (isHeld) return keyFile;
      continue; // the licence ended, or the computer left it, while the key was signed: look again
    }

    const free = activeStates.find((state) => state.devices < MAX_DEVICES_PER_LICENSE);
    const licence = free && licences.find((candidate) => candidate.order_id === free.order_id);
    if (!licence) throw new AppError('conflict', deviceLimitMessage);
    const moduleKey = options.moduleKey && {
      expiresAt: keyEndOf(options.moduleKey.days),
      removalSecret: createRemovalSecret(),
    };
    const keyFile = moduleKey
      ? await createModuleKeyFile({
          product,
          owner: { name: licence.owner_name, email: licence.owner_email },
          secretBox: options.secretBox,
          deviceId,
          signer: options.signer,
          removalSecret: moduleKey.removalSecret,
          rolling: moduleKey.expiresAt ? { licenceId: licence.order_id, expiryTime: moduleKey.expiresAt } : undefined,
        })
      : await permanentKeyOf(licence);
    keyFiles.set(licence.order_id, keyFile);
    const inserted = await places.insertDeviceInFreeSlot(db, {
      orderId: licence.order_id,
      ownerId: licence.person_id,
      deviceId,
      deviceName: options.deviceName,
      keyFile,
      maxDevices: MAX_DEVICES_PER_LICENSE,
      moduleKey,
    });
    if (!inserted) continue; // a concurrent registration took the slot: look again
    if (licence.owner_licences <= 1 || !(await places.removeDoublePlace(db, inserted.id, deviceId))) return keyFile;
    // The same computer was registered at the same moment on another of the owner's licences, and this place gave way
    // (decision 108): it is known there now, so look again over all of the owner's licences.
    licences = await repository.findLicencesOfPerson(db, deviceId, product.id, licence.person_id);
  }
  throw new AppError('conflict', 'Many computers are being registered on this licence at once. Please try again.');
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a key made now for `days` ends; null for a permanent key. */
export const keyEndOf = (days: number | null): Date | null => (days === null ? null : new Date(Date.now() + days * DAY_MS));

/**
 * A fresh key for a computer already on the licence, of a plug-in built on clients/juce: its removal secret kept
 * (a code the plug-in may show stays valid), its end moved on by the product's days. The renewal's one write,
 * made only while the licence is active and still the owner's and the computer holds its place with the removal
 * secret it had: undefined when the licence ended (refund, revocation, transfer) or the computer left it while
 * the key was signed, and then no key exists.
 */
export async function renewModuleKey(options: {
  db: Queryable;
  product: ProductRow;
  licence: { order_id: number; person_id: number; owner_name: string; owner_email: string };
  device: { id: number; removal_secret: string | null };
  deviceId: string;
  secretBox: SecretBox;
  signer: KeyFileSigner;
  moduleKey: { days: number | null };
}): Promise<string | undefined> {
  const { licence } = options;
  const removalSecret = options.device.removal_secret ?? createRemovalSecret();
  const expiresAt = keyEndOf(options.moduleKey.days);
  const keyFile = await createModuleKeyFile({
    product: options.product,
    owner: { name: licence.owner_name, email: licence.owner_email },
    secretBox: options.secretBox,
    deviceId: options.deviceId,
    signer: options.signer,
    removalSecret,
    rolling: expiresAt ? { licenceId: licence.order_id, expiryTime: expiresAt } : undefined,
  });
  const device = {
    id: options.device.id,
    orderId: licence.order_id,
    ownerId: licence.person_id,
    removalSecret: options.device.removal_secret,
  };
  const isWritten = await rows.setModuleDeviceKey(options.db, device, { keyFile, expiresAt, removalSecret });
  return isWritten ? keyFile : undefined;
}
