import type { Order, OrderTransferRequest } from '@store/contracts/order';
import { canonicalEmail, isSameEmail } from '@store/contracts/email-address';
import { messages } from '@store/contracts/messages';
import type { Person } from '@store/contracts/person';
import type { PoolClient } from 'pg';
import type { Config } from '../config.js';
import { withTransaction, type Db } from '../db/client.js';
import { AppError, badRequest, notFound } from '../lib/app-error.js';
import type { SecretBox } from '../lib/secret-box.js';
import { licenceTransferredMail, siteUrlOf, transferFailedMail } from '../mail/customer-templates.js';
import { licenceReceivedMail } from '../mail/licence-mails.js';
import { enqueueMail } from '../mail/outbox.js';
import { emptySerialPoolMail } from '../mail/templates.js';
import { recordAudit } from '../modules/audit/index.js';
import { signInLinkFor } from '../modules/auth/index.js';
import { deleteDevicesOfLicences } from '../modules/device/index.js';
import { findUpgradeOfLicence } from '../modules/offer/index.js';
import { createLicenceKeys, listOrdersOfPerson, retireSerialOfOrder, setOrderKeys, takeSerial } from '../modules/order/index.js';
import { emitWebhookEvent } from '../modules/outbound-webhook/index.js';
import { findOrCreateNamedPerson, findPersonsByIds } from '../modules/person/index.js';
import { findProductById, type ProductRow } from '../modules/product/index.js';
import {
  findTransferTag,
  hasTransferOfProviderOrder,
  insertTransferRecord,
  lockLicences,
  lockProviderOrder,
  moveLicence,
  readTransferToken,
  recordTransferRefusal,
  transferTokenSecretOf,
  type TransferFee,
} from '../modules/transfer/index.js';

export type TransferredLicence = { orderId: number; productName: string; fromPersonId: number; toPersonId: number };

/** What became of a transfer: refused before anything was written (the error the caller answers), or moved. */
export type TransferResult = { kind: 'refused'; refusal: AppError } | { kind: 'moved'; licences: TransferredLicence[] };

export type TransferRequest = {
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
};

type LicenceToMove = Awaited<ReturnType<typeof lockLicencesWithOwners>>[number];

/**
 * Licences moved to a new owner inside the caller's transaction, in the order its steps run: the licences locked
 * with their owners; every check made before anything is written (found, active, the expected owner's still, not the
 * new owner's already, not upgraded away: decision 036; an address the store accepts); the person with the new address found or created; the
 * computers of every licence removed (they were the previous owner's); then each licence moved (its activation date
 * now), re-keyed naming the new owner, its serial replaced from the pool (the administrator told when it ran out),
 * the transfer recorded with its fee, both owners mailed, and `licence.transferred` emitted. The paid transfer's
 * webhook and the administrator's direct transfer both run it (decision 008).
 */
export async function transferLicencesFlow(request: TransferRequest): Promise<TransferResult> {
  const { client } = request;
  const newOwnerEmail = request.newOwnerEmail.trim();
  const orderIds = [...new Set(request.orderIds)];
  if (orderIds.length === 0) return refused(badRequest('Choose the licences to transfer.'));
  if (newOwnerEmail === '') return refused(badRequest('Owner email is required'));
  const licences = await lockLicencesWithOwners(client, orderIds);
  const refusal = await findRefusal(client, { orderIds, licences, newOwnerEmail, expectedOwnerId: request.expectedOwnerId });
  if (refusal) return refused(refusal);

  const newOwner = await findOrCreateNamedPerson(client, { email: newOwnerEmail, name: request.newOwnerName.trim() });
  await deleteDevicesOfLicences(
    client,
    licences.map((licence) => licence.id),
  );
  const products = await findProductsOf(client, licences);
  const moved: TransferredLicence[] = [];
  for (const licence of licences) {
    const product = products.get(licence.product_id)!;
    await moveLicence(client, licence.id, newOwner.id);
    const saved = await rekey(request, licence, product, newOwner);
    await insertTransferRecord(client, {
      orderId: licence.id,
      fromPersonId: licence.person_id,
      toPersonId: newOwner.id,
      providerOrderId: request.providerOrderId,
      fee: request.fee,
    });
    await mailBothOwners(request, { licence, product, newOwner, saved });
    const transferred = { orderId: licence.id, productName: product.name, fromPersonId: licence.person_id, toPersonId: newOwner.id };
    await emitWebhookEvent(client, {
      type: 'licence.transferred',
      data: { licenceId: licence.id, productId: licence.product_id, ...transferred },
    });
    moved.push(transferred);
  }
  return { kind: 'moved', licences: moved };
}

const refused = (refusal: AppError): TransferResult => ({ kind: 'refused', refusal });

/** The licences locked for the move, each with its current owner's address and name. */
async function lockLicencesWithOwners(client: PoolClient, orderIds: readonly number[]) {
  const licences = await lockLicences(client, orderIds);
  const owners = await findPersonsByIds(client, [...new Set(licences.map((licence) => licence.person_id))]);
  return licences.map((licence) => {
    const owner = owners.find((person) => person.id === licence.person_id);
    return { ...licence, owner_email: owner?.email ?? '', owner_name: owner?.name ?? '' };
  });
}

/** Why the licences may not move, checked before anything is written; undefined when they may. */
async function findRefusal(
  client: PoolClient,
  move: { orderIds: readonly number[]; licences: readonly LicenceToMove[]; newOwnerEmail: string; expectedOwnerId: number | undefined },
): Promise<AppError | undefined> {
  const missingId = move.orderIds.find((id) => !move.licences.some((licence) => licence.id === id));
  if (missingId !== undefined) return notFound(`Licence ${missingId} not found`);
  for (const licence of move.licences) {
    if (licence.state !== 'active') return badRequest(`Licence ${licence.id} is not active and cannot be transferred.`);
    if (move.expectedOwnerId !== undefined && licence.person_id !== move.expectedOwnerId) {
      return new AppError('forbidden', `Licence ${licence.id} no longer belongs to the person who started the transfer.`);
    }
    if (isSameEmail(licence.owner_email, move.newOwnerEmail))
      return badRequest(`Licence ${licence.id} already belongs to ${move.newOwnerEmail}.`);
    // A customer's own transfer, verified before the licence was upgraded: it now stays with them (decision 036).
    const upgradedTo = move.expectedOwnerId === undefined ? undefined : await findUpgradeOfLicence(client, licence.id);
    if (upgradedTo !== undefined) return badRequest(`Licence ${licence.id} was upgraded to ${upgradedTo} and stays with its owner.`);
  }
  // The person module refuses an address the store does not accept (decision 030) with this text: checked here, before the move.
  if (canonicalEmail(move.newOwnerEmail) === undefined) return badRequest(`email: ${messages.emailInvalid}`);
  return undefined;
}

/** Each product read once, however many of its licences move (the new keys need the whole row). */
async function findProductsOf(client: PoolClient, licences: readonly LicenceToMove[]) {
  const products = new Map<number, ProductRow>();
  for (const productId of new Set(licences.map((licence) => licence.product_id))) {
    products.set(productId, (await findProductById(client, productId))!);
  }
  return products;
}

/**
 * New key files naming the new owner, and a new serial: the seller's must stop proving ownership, so the licence
 * takes the next one of the pool (none when the product has no pool or it ran out, which the administrator is told
 * of) and the old one stays retired.
 */
async function rekey(request: TransferRequest, licence: LicenceToMove, product: ProductRow, newOwner: Person) {
  const { client, config } = request;
  const keys = createLicenceKeys({ product, owner: newOwner, secretBox: request.secretBox });
  await retireSerialOfOrder(client, licence.id);
  const { serial, hasPool } = await takeSerial(client, licence.product_id, licence.id);
  if (!serial && hasPool) {
    await enqueueMail(client, emptySerialPoolMail({ to: config.SUPPORT_EMAIL, productName: product.name, orderId: licence.id }));
  }
  return setOrderKeys(client, licence.id, { serial, ...keys });
}

/** The new owner gets the licence's keys with a sign-in link; the previous owner (when known) is told where it went. */
async function mailBothOwners(
  request: TransferRequest,
  moved: { licence: LicenceToMove; product: ProductRow; newOwner: Person; saved: Awaited<ReturnType<typeof setOrderKeys>> },
) {
  const { client } = request;
  const { licence, product, newOwner } = moved;
  const siteUrl = siteUrlOf(request.config);
  const signIn = await signInLinkFor(client, { email: newOwner.email, purpose: 'purchase', siteUrl });
  const received = { productName: product.name, useRsa2048: product.use_rsa_2048, order: { ...moved.saved, id: licence.id } };
  await enqueueMail(client, licenceReceivedMail({ to: newOwner.email, ownerName: newOwner.name, licence: received, siteUrl, signIn }));
  if (licence.owner_email === '') return;
  const notice = { to: licence.owner_email, ownerName: licence.owner_name, productName: product.name, newOwnerName: newOwner.name };
  await enqueueMail(client, licenceTransferredMail({ ...notice, siteUrl }));
}

/**
 * The administrator's direct transfer (POST /order/transfer) in one transaction: the licences moved to the
 * person with the new owner's email (a refusal is thrown, as the route answers it), one audit record per licence
 * moved (decision 034), and the moved licences answered as the new owner now has them.
 */
export async function transferLicencesAsAdminFlow(options: {
  db: Db;
  secretBox: SecretBox;
  config: Config;
  actor: string;
  request: OrderTransferRequest;
}): Promise<Order[]> {
  const { secretBox, config, actor, request } = options;
  const orderIds = [request.id].flat();
  const { newOwnerEmail, newOwnerName } = request;
  return withTransaction(options.db, async (client) => {
    const result = await transferLicencesFlow({ client, secretBox, config, orderIds, newOwnerEmail, newOwnerName });
    if (result.kind === 'refused') throw result.refusal;
    for (const licence of result.licences) {
      await recordAudit(client, {
        actor,
        action: 'transfer',
        entity: 'order',
        entityId: licence.orderId,
        before: { personId: licence.fromPersonId },
        after: { personId: licence.toPersonId, email: newOwnerEmail },
      });
    }
    const orders = await listOrdersOfPerson({ db: client, personId: result.licences[0]!.toPersonId });
    return orders.filter((order) => orderIds.includes(order.id));
  });
}

/**
 * `completed`: the licence moved now; `recorded`: this provider order already moved it (a repeated delivery,
 * nothing changed); `ignored`: no valid transfer in the order (nothing changed, the support address is told).
 */
type PaidTransferOutcome = 'completed' | 'recorded' | 'ignored';

/**
 * A paid licence transfer (the `licensetransfer` product) in the webhook's transaction, in the order its steps run:
 * the provider order locked and a repeated delivery recognised; the tag `token;orderId;email;firstName;lastName`
 * read from the order's tags and its token verified (signed, unexpired when the order was completed rather than now,
 * so a late retry, reconciliation or replay honours it: decision 084; for that licence and its owner at the time);
 * the licence moved to the new owner with the fee paid recorded on the transfer (decision 029). A refusal is not
 * retried (it would fail again): it is recorded and mailed to the support address once, for a person to settle.
 */
export async function completePaidTransferFlow(options: {
  client: PoolClient;
  tags: unknown;
  providerOrderId: string;
  customerEmail: string;
  /** What the transfer was paid (its `licensetransfer` items): revenue of the transfer, not of the licence. */
  fee?: TransferFee;
  /** The order's time as checkout's orderTimeOf judges it: the token must have been valid then (decision 084). */
  orderTime: Date;
  secretBox: SecretBox;
  config: Config;
}): Promise<PaidTransferOutcome> {
  const { client, providerOrderId, config } = options;
  await lockProviderOrder(client, providerOrderId);
  if (await hasTransferOfProviderOrder(client, providerOrderId)) return 'recorded';

  const tag = findTransferTag(options.tags);
  const refuse = async (reason: string, tagText = ''): Promise<'ignored'> => {
    // Told once per provider order: a redelivery of a refused transfer is refused again, quietly.
    if (!(await recordTransferRefusal(client, providerOrderId, reason))) return 'ignored';
    const mail = { to: config.SUPPORT_EMAIL, providerOrderId, customerEmail: options.customerEmail, reason, tag: tagText };
    await enqueueMail(client, transferFailedMail(mail));
    return 'ignored';
  };
  if (!tag) return refuse('The order carries no licence transfer tag (token;orderId;email;firstName;lastName).');
  // The token itself is not put in the support mail.
  const tagText = `${tag.orderId};${tag.email};${tag.firstName};${tag.lastName}`;
  const grant = readTransferToken(transferTokenSecretOf(config), tag.token, options.orderTime);
  if (!grant || grant.orderId !== tag.orderId) return refuse('The transfer token is not valid or has expired.', tagText);

  const result = await transferLicencesFlow({
    client,
    orderIds: [grant.orderId],
    newOwnerEmail: tag.email,
    newOwnerName: `${tag.firstName} ${tag.lastName}`,
    secretBox: options.secretBox,
    config,
    providerOrderId,
    fee: options.fee,
    expectedOwnerId: grant.personId,
  });
  return result.kind === 'refused' ? refuse(result.refusal.message, tagText) : 'completed';
}
