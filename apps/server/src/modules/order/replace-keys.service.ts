import type { Order } from '@store/contracts/order';
import type { Config } from '../../config.js';
import type { PoolClient } from 'pg';
import { withTransaction, type Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { keyFileDigest } from '../../licensing/key-file-digest.js';
import { siteUrlOf } from '../../mail/customer-templates.js';
import { licenceMail } from '../../mail/licence-mails.js';
import { enqueueMail } from '../../mail/outbox.js';
import { emptySerialPoolMail } from '../../mail/templates.js';
import { listAuditedActionTimes, recordAudit } from '../audit/index.js';
import type { CustomerCaller } from '../auth/index.js';
import { deleteDevicesOfLicences, listDevicesOfOrders, readProductKeyFile } from '../device/index.js';
import { findPersonIdOfLogin } from '../licence/index.js';
import { findPersonById } from '../person/index.js';
import { findProductById, type ProductRow } from '../product/index.js';
import { createLicenceKeys } from './licence-keys.js';
import { retireSerialOfOrder, setOrderKeys, takeSerial, toOrder } from './order.repository.js';
import * as repository from './replace-keys.repository.js';

type Replacement = { db: Db; config: Config; secretBox: SecretBox; orderId: number };

const licenceNotFound = () => notFound('Licence not found');

/**
 * A leaked key replaced by the administrator: the licence gets a new serial (the next of the product's pool; none
 * without a pool) and new key files, mailed to the owner; the old serial is retired and the old key files stop
 * registering computers. The computers already registered keep their key files, or are removed at once.
 */
export async function replaceKeysOfOrder(options: Replacement & { actor: string; removeDevices: boolean }): Promise<Order> {
  return withTransaction(options.db, (client) => replaceKeys(client, options));
}

/** How often an owner may replace a licence's keys themself: each replacement retires a serial of the vendor's pool. */
export const OWNER_REPLACEMENTS = { limit: 3, windowDays: 30 } as const;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The same, asked by the owner in the customer area (their computers keep working); another's licence is a 404. At
 * most OWNER_REPLACEMENTS of a licence in its window, the administrator's counted too (decision 112): a 429 after,
 * which support can still do.
 */
export async function replaceOwnKeys(options: Replacement & { caller: CustomerCaller }): Promise<void> {
  const personId = await findPersonIdOfLogin(options.db, options.caller);
  if (personId === undefined) throw licenceNotFound();
  await withTransaction(options.db, (client) =>
    replaceKeys(client, { ...options, actor: options.caller.name, removeDevices: false, expectedOwnerId: personId }),
  );
}

/** Refuses the owner's replacement when the licence's keys were replaced OWNER_REPLACEMENTS times in the window. */
async function refuseOverOwnerLimit(client: PoolClient, orderId: number): Promise<void> {
  const { limit, windowDays } = OWNER_REPLACEMENTS;
  const since = new Date(Date.now() - windowDays * DAY_MS);
  const times = await listAuditedActionTimes(client, { action: 'replace-keys', entity: 'order', entityId: orderId, since });
  if (times.length < limit) return;
  const retryAfterSeconds = Math.max(1, Math.ceil((times[times.length - limit]!.getTime() + windowDays * DAY_MS - Date.now()) / 1000));
  throw new AppError(
    'tooManyRequests',
    `This licence's keys were replaced ${limit} times in the last ${windowDays} days. Please ask support to replace them again.`,
    retryAfterSeconds,
  );
}

async function replaceKeys(
  client: PoolClient,
  options: Replacement & { actor: string; removeDevices: boolean; expectedOwnerId?: number },
): Promise<Order> {
  const order = await repository.lockOrder(client, options.orderId);
  if (!order || order.state !== 'active') throw licenceNotFound();
  if (options.expectedOwnerId !== undefined && order.person_id !== options.expectedOwnerId) throw licenceNotFound();
  // Under the licence's lock: two requests at once cannot both pass the owner's limit.
  if (options.expectedOwnerId !== undefined) await refuseOverOwnerLimit(client, order.id);
  const owner = (await findPersonById(client, order.person_id, { lock: 'share' }))!;
  const product = (await findProductById(client, order.product_id))!;

  // Step 1: the old key files (and, when the computers go, theirs) stop proving ownership.
  const devices = await listDevicesOfOrders(client, [order.id]);
  const retiredTexts = [
    order.serial_new,
    order.serial_2048,
    ...(options.removeDevices ? devices.map((d) => d.device_id_hash_encrypted) : []),
  ];
  await repository.retireKeyFiles(client, product.id, order.id, digestsOf(product, retiredTexts));
  if (options.removeDevices) await deleteDevicesOfLicences(client, [order.id]);

  // Step 2: the old serial is retired; the licence takes the next one of the pool.
  await retireSerialOfOrder(client, order.id);
  const { serial, hasPool } = await takeSerial(client, product.id, order.id);
  if (!serial && hasPool) {
    await enqueueMail(client, emptySerialPoolMail({ to: options.config.SUPPORT_EMAIL, productName: product.name, orderId: order.id }));
  }

  // Step 3: new key files, mailed to the owner.
  const saved = await setOrderKeys(client, order.id, { serial, ...createLicenceKeys({ product, owner, secretBox: options.secretBox }) });
  if (owner.email !== '') {
    await enqueueMail(
      client,
      licenceMail({
        to: owner.email,
        ownerName: owner.name,
        licence: { productName: product.name, useRsa2048: product.use_rsa_2048, order: saved },
        siteUrl: siteUrlOf(options.config),
        reason: 'replaced',
      }),
    );
  }
  await recordAudit(client, {
    actor: options.actor,
    action: 'replace-keys',
    entity: 'order',
    entityId: order.id,
    before: { serial: order.serial },
    after: { serial: saved.serial, removedDevices: options.removeDevices ? devices.length : 0 },
  });
  return toOrder({ ...saved, product_name: order.product_name });
}

const digestsOf = (product: ProductRow, texts: readonly string[]): Buffer[] =>
  texts.flatMap((text) => {
    const content = text === '' ? null : readProductKeyFile(product, text);
    return content ? [keyFileDigest(content)] : [];
  });
