import type { UserProduct } from '@store/contracts/licence';
import type { Person } from '@store/contracts/person';
import type { Db, Queryable } from '../../db/client.js';
import { OFFLINE_DEVICE_MARKER } from '@store/contracts/constants';
import { notFound } from '../../lib/app-error.js';
import type { CustomerCaller } from '../auth/index.js';
import {
  countReleasesThisYear,
  findDeviceNameOfPerson,
  listDevicesOfOrders,
  releaseDeviceWithCode,
  releaseOwnDevice,
  renameDeviceOfPerson,
  toDevice,
} from '../device/index.js';
import { findPersonByEmail } from '../person/index.js';
import { bindDependencies } from '../../lib/service-object.js';
import * as repository from './licence.repository.js';

/** The caller's active licences with their registered computers (the customer area). */
async function listUserProducts(options: { db: Db; caller: CustomerCaller }): Promise<UserProduct[]> {
  const personId = await findPersonIdOfLogin(options.db, options.caller);
  if (personId === undefined) return [];
  const licences = await repository.listActiveLicences(options.db, personId);
  const devices = await listDevicesOfOrders(
    options.db,
    licences.map((licence) => licence.order_id),
  );
  const releases = await countReleasesThisYear(
    options.db,
    licences.map((licence) => licence.order_id),
  );
  return licences.map((licence) => ({
    name: licence.product_name,
    useRsa2048: licence.use_rsa_2048,
    serialNew: licence.serial_new,
    serial2048: licence.serial_2048,
    licenseActivationDate: licence.license_activation_date.toISOString(),
    orderId: licence.order_id,
    serial: licence.serial,
    purchaseDate: licence.creation_date.toISOString(),
    source: licence.source,
    status: licence.state,
    upgradedTo: licence.upgraded_to,
    upgradedFrom: licence.upgraded_from,
    orderDevices: devices.filter((device) => device.order_id === licence.order_id).map(toDevice),
    removalsThisYear: releases.get(licence.order_id) ?? 0,
    removalsPerYear: licence.yearly_device_removals,
  }));
}

/**
 * Removes one of the caller's computers, freeing its slot, within the product's yearly limit (decision 041);
 * another customer's device is "not found".
 */
async function deleteOwnDevice(options: { db: Db; caller: CustomerCaller; deviceId: number }): Promise<void> {
  const personId = await findPersonIdOfLogin(options.db, options.caller);
  if (personId === undefined) throw notFound('Device not found');
  await releaseOwnDevice({ db: options.db, personId, deviceId: options.deviceId });
}

/** Frees the place of the caller's computer whose plug-in showed the removal code, once (decision 041). */
async function releaseOwnDeviceWithCode(options: {
  db: Db;
  caller: CustomerCaller;
  orderId: number;
  removalCode: string;
}): Promise<{ deviceName: string }> {
  const personId = await findPersonIdOfLogin(options.db, options.caller);
  if (personId === undefined) throw notFound('Licence not found');
  const released = await releaseDeviceWithCode({ db: options.db, orderId: options.orderId, personId, removalCode: options.removalCode });
  return { deviceName: released.deviceName };
}

/**
 * Renames one of the caller's computers. An offline computer keeps the word "Offline" in its name, since that is
 * what offers its offline key for download (spec §4): it is added when the new name lacks it.
 */
async function renameOwnDevice(options: {
  db: Db;
  caller: CustomerCaller;
  deviceId: number;
  deviceName: string;
}): Promise<{ deviceName: string }> {
  const personId = await findPersonIdOfLogin(options.db, options.caller);
  const currentName = personId === undefined ? undefined : await findDeviceNameOfPerson(options.db, options.deviceId, personId);
  if (personId === undefined || currentName === undefined) throw notFound('Device not found');
  const isOffline = currentName.includes(OFFLINE_DEVICE_MARKER) && !options.deviceName.includes(OFFLINE_DEVICE_MARKER);
  const deviceName = isOffline ? `${options.deviceName} (${OFFLINE_DEVICE_MARKER})` : options.deviceName;
  const isRenamed = await renameDeviceOfPerson(options.db, options.deviceId, personId, deviceName);
  if (!isRenamed) throw notFound('Device not found');
  return { deviceName };
}

/**
 * The person a login acts for, or undefined until the login has proven its address (docs/SECURITY.md): the person
 * whose address has the same canonical form as the login's name (decision 030), whatever person the login was
 * linked to; so registering someone else's address, or a look-alike of it, reaches none of their licences. The one
 * rule every licence call of another domain (downloads, transfer, unlock, orders, loyalty code) applies.
 */
export async function findPersonOfLogin(db: Queryable, login: CustomerCaller): Promise<Person | undefined> {
  return login.isEmailVerified ? findPersonByEmail(db, login.name) : undefined;
}

/** The id of the person a login acts for (findPersonOfLogin). */
export const findPersonIdOfLogin = async (db: Queryable, login: CustomerCaller): Promise<number | undefined> =>
  (await findPersonOfLogin(db, login))?.id;

/** The licence module's service, built once by `buildApp` with its database (decision 067): the customer area's calls. */
export const createLicenceService = (deps: { db: Db }) =>
  bindDependencies(deps, { listUserProducts, deleteOwnDevice, releaseOwnDeviceWithCode, renameOwnDevice });
export type LicenceService = ReturnType<typeof createLicenceService>;
