import { TRANSFER_MIN_DAYS } from '@store/contracts/constants';
import { isSameEmail } from '@store/contracts/email-address';
import type { PoolClient } from 'pg';
import type { Config } from '../../config.js';
import type { Db, Queryable } from '../../db/client.js';
import { AppError, badRequest, notFound } from '../../lib/app-error.js';
import { mentionLikePatterns, redactText, type PersonalTexts } from '../../lib/redact.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { licenceTransferredMail, siteUrlOf } from '../../mail/customer-templates.js';
import { licenceReceivedMail } from '../../mail/licence-mails.js';
import { enqueueMail } from '../../mail/outbox.js';
import { emptySerialPoolMail } from '../../mail/templates.js';
import { type CustomerCaller, signInLinkFor } from '../auth/index.js';
import { deleteDevicesOfLicences } from '../device/index.js';
import { findPersonIdOfLogin } from '../licence/index.js';
import { findUpgradeOfLicence } from '../offer/index.js';
import { emitWebhookEvent } from '../outbound-webhook/index.js';
import { findOrCreateNamedPerson, findPersonsByIds } from '../person/index.js';
import { createLicenceKeys, findOrderById, retireSerialOfOrder, setOrderKeys, takeSerial } from '../order/index.js';
import { findProductById, type ProductRow } from '../product/index.js';
import { createTransferToken, transferTokenSecretOf } from './transfer-token.js';
import * as repository from './transfer.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export type TransferredLicence = { orderId: number; productName: string; fromPersonId: number; toPersonId: number };
/** A paid transfer's fee: decimal text (lib/money.ts) in the order's currency. */
export type TransferFee = { amount: string; currency: string };

/**
 * Checks that the caller owns the active licence, that it was not upgraded (decision 036) and that 30 days have
 * passed since they got it, and answers a short-lived signed token for the checkout tag of the paid transfer.
 */
export async function verifyOrderForTransfer(options: {
  db: Db;
  config: Config;
  caller: CustomerCaller;
  orderId: number;
}): Promise<string> {
  const personId = await findPersonIdOfLogin(options.db, options.caller);
  const order = await findOrderById(options.db, options.orderId);
  if (!order || personId === undefined || order.person_id !== personId) {
    throw new AppError('forbidden', 'You can only transfer your own licences.');
  }
  if (order.state !== 'active') throw badRequest('This licence is no longer active and cannot be transferred.');
  // Its value went into the upgrade: the upgrade licence is what can be sold on (decision 036).
  const upgradedTo = await findUpgradeOfLicence(options.db, order.id);
  if (upgradedTo !== undefined) {
    throw badRequest(`This licence was upgraded to ${upgradedTo} and stays with you: transfer the ${upgradedTo} licence instead.`);
  }
  const allowedFrom = new Date(order.license_activation_date.getTime() + TRANSFER_MIN_DAYS * DAY_MS);
  if (allowedFrom > new Date()) {
    throw badRequest(
      `A licence can be transferred ${TRANSFER_MIN_DAYS} days after its activation, from ${allowedFrom.toISOString().slice(0, 10)}.`,
    );
  }
  return createTransferToken(transferTokenSecretOf(options.config), { orderId: order.id, personId });
}

/**
 * Moves licences to a new owner inside the caller's transaction: the person with that address (created if
 * needed) owns them from now on (license activation date = now), their computers are removed, their key files
 * re-issued naming the new owner, their serial replaced, and both owners are mailed. Every check runs before anything is written, so
 * a refusal (AppError) leaves the transaction usable. Used by the paid transfer's webhook and the admin's
 * direct transfer (POST /api/order/transfer).
 */
export async function transferOrders(options: {
  client: PoolClient;
  orderIds: readonly number[];
  newOwnerEmail: string;
  newOwnerName: string;
  secretBox: SecretBox;
  config: Config;
  /** The paid transfer's order at the provider, recorded so its webhook moves the licence once. */
  providerOrderId?: string;
  /** What the paid transfer cost, recorded on the transfer (one licence moves per paid transfer). */
  fee?: TransferFee;
  /** When set, each licence must still belong to this person (a customer's own transfer). */
  expectedOwnerId?: number;
}): Promise<TransferredLicence[]> {
  const { client, config } = options;
  const newOwnerEmail = options.newOwnerEmail.trim();
  const orderIds = [...new Set(options.orderIds)];
  if (orderIds.length === 0) throw badRequest('Choose the licences to transfer.');
  if (newOwnerEmail === '') throw badRequest('Owner email is required');

  const licences = await lockLicencesWithOwners(client, orderIds);
  const missingId = orderIds.find((id) => !licences.some((licence) => licence.id === id));
  if (missingId !== undefined) throw notFound(`Licence ${missingId} not found`);
  for (const licence of licences) {
    if (licence.state !== 'active') throw badRequest(`Licence ${licence.id} is not active and cannot be transferred.`);
    if (options.expectedOwnerId !== undefined && licence.person_id !== options.expectedOwnerId) {
      throw new AppError('forbidden', `Licence ${licence.id} no longer belongs to the person who started the transfer.`);
    }
    if (isSameEmail(licence.owner_email, newOwnerEmail)) {
      throw badRequest(`Licence ${licence.id} already belongs to ${newOwnerEmail}.`);
    }
    // A customer's own transfer, verified before the licence was upgraded: it now stays with them (decision 036).
    const upgradedTo = options.expectedOwnerId === undefined ? undefined : await findUpgradeOfLicence(client, licence.id);
    if (upgradedTo !== undefined) throw badRequest(`Licence ${licence.id} was upgraded to ${upgradedTo} and stays with its owner.`);
  }

  const newOwner = await findOrCreateNamedPerson(client, { email: newOwnerEmail, name: options.newOwnerName.trim() });
  const siteUrl = siteUrlOf(config);
  const transferred: TransferredLicence[] = [];
  // The computers belong to the previous owner: removed from every licence moved, in one statement.
  await deleteDevicesOfLicences(
    client,
    licences.map((licence) => licence.id),
  );
  // Each product read once, however many of its licences move (the new keys need the whole row).
  const products = new Map<number, ProductRow>();
  for (const productId of new Set(licences.map((licence) => licence.product_id))) {
    products.set(productId, (await findProductById(client, productId))!);
  }
  for (const licence of licences) {
    await repository.moveLicence(client, licence.id, newOwner.id);
    const product = products.get(licence.product_id)!;
    const keys = createLicenceKeys({ product, owner: newOwner, secretBox: options.secretBox });
    // The seller's serial must stop proving ownership: the licence takes the next one of the pool (none when the
    // product has no pool or it ran out, which the administrator is told of), and the old one stays retired.
    await retireSerialOfOrder(client, licence.id);
    const { serial, hasPool } = await takeSerial(client, licence.product_id, licence.id);
    if (!serial && hasPool) {
      await enqueueMail(client, emptySerialPoolMail({ to: config.SUPPORT_EMAIL, productName: product.name, orderId: licence.id }));
    }
    const saved = await setOrderKeys(client, licence.id, { serial, ...keys });
    await repository.insertTransferRecord(client, {
      orderId: licence.id,
      fromPersonId: licence.person_id,
      toPersonId: newOwner.id,
      providerOrderId: options.providerOrderId,
      fee: options.fee,
    });
    const productName = product.name;
    const signIn = await signInLinkFor(client, { email: newOwner.email, purpose: 'purchase', siteUrl });
    await enqueueMail(
      client,
      licenceReceivedMail({
        to: newOwner.email,
        ownerName: newOwner.name,
        licence: { productName, useRsa2048: product.use_rsa_2048, order: { ...saved, id: licence.id } },
        siteUrl,
        signIn,
      }),
    );
    if (licence.owner_email !== '') {
      await enqueueMail(
        client,
        licenceTransferredMail({
          to: licence.owner_email,
          ownerName: licence.owner_name,
          productName,
          newOwnerName: newOwner.name,
          siteUrl,
        }),
      );
    }
    transferred.push({ orderId: licence.id, productName, fromPersonId: licence.person_id, toPersonId: newOwner.id });
    await emitWebhookEvent(client, {
      type: 'licence.transferred',
      data: { licenceId: licence.id, productId: licence.product_id, productName, fromPersonId: licence.person_id, toPersonId: newOwner.id },
    });
  }
  return transferred;
}

/** The licences locked for the move (repository.lockLicences), each with its current owner's address and name. */
async function lockLicencesWithOwners(client: PoolClient, orderIds: readonly number[]) {
  const licences = await repository.lockLicences(client, orderIds);
  const owners = await findPersonsByIds(client, [...new Set(licences.map((licence) => licence.person_id))]);
  return licences.map((licence) => {
    const owner = owners.find((person) => person.id === licence.person_id);
    return { ...licence, owner_email: owner?.email ?? '', owner_name: owner?.name ?? '' };
  });
}

/**
 * A return of a paid transfer's order gives its fee back, recorded on the transfer: a return of the whole order or of
 * its `licensetransfer` unit the whole fee, an amount refund that amount (never more than the fee). The licence stays
 * where it moved. Nothing happens for an order that paid no transfer.
 */
export const refundTransferFee = (client: PoolClient, providerOrderId: string, refund: { isWhole: boolean; amount: string }) =>
  repository.refundTransferFee(client, providerOrderId, refund);

/** The changes of owner the person took part in (the customer's export; an erasure's provider orders). */
export const listTransfersOfPerson = (db: Queryable, personId: number) => repository.listTransfersOfPerson(db, personId);

/** Replaces an erased person's mentions in the reasons of refused transfers; answers how many changed. */
export async function redactTransferRefusals(db: Queryable, texts: PersonalTexts): Promise<number> {
  let changed = 0;
  for (const refusal of await repository.lockRefusalsMatching(db, mentionLikePatterns(texts))) {
    const reason = redactText(refusal.reason, texts);
    if (reason === refusal.reason) continue;
    await repository.setRefusalReason(db, refusal.provider_order_id, reason);
    changed++;
  }
  return changed;
}
