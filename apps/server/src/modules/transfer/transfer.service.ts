import { TRANSFER_MIN_DAYS } from '@store/contracts/constants';
import type { PoolClient } from 'pg';
import type { Config } from '../../config.js';
import type { Db, Queryable } from '../../db/client.js';
import {
  transferLicencesAsAdminFlow,
  transferLicencesFlow,
  type TransferredLicence,
  type TransferRequest,
} from '../../flows/transfer.flow.js';
import { AppError, badRequest } from '../../lib/app-error.js';
import { addressLikePatterns, mentionsToErase, redactText, type PersonalTexts } from '../../lib/redact.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { bindDependencies } from '../../lib/service-object.js';
import { type CustomerCaller } from '../auth/index.js';
import { findPersonIdOfLogin } from '../licence/index.js';
import { findUpgradeOfLicence } from '../offer/index.js';
import { findOrderById } from '../order/index.js';
import { createTransferToken, transferTokenSecretOf } from './transfer-token.js';
import * as repository from './transfer.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A paid transfer's fee: decimal text (lib/money.ts) in the order's currency. */
export type TransferFee = { amount: string; currency: string };

/**
 * Checks that the caller owns the active licence, that it was not upgraded (decision 036) and that 30 days have
 * passed since they got it, and answers a short-lived signed token for the checkout tag of the paid transfer.
 */
async function verifyOrderForTransfer(options: { db: Db; config: Config; caller: CustomerCaller; orderId: number }): Promise<string> {
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
 * Moves licences to a new owner inside the caller's transaction (flows/transfer.flow.ts); a refusal (AppError) is
 * thrown before anything is written, so the transaction stays usable.
 */
export async function transferOrders(request: TransferRequest): Promise<TransferredLicence[]> {
  const result = await transferLicencesFlow(request);
  if (result.kind === 'refused') throw result.refusal;
  return result.licences;
}

/** The transfer's own records, for its flow (flows/transfer.flow.ts): the licences locked, moved and recorded. */
export { insertTransferRecord, lockLicences, moveLicence } from './transfer.repository.js';

/** A paid transfer's provider order: locked, already moved, or refused once (recorded, so support is told once). */
export { hasTransferOfProviderOrder, lockProviderOrder, recordTransferRefusal } from './transfer.repository.js';

/**
 * A return or a chargeback (decision 107) of a paid transfer's order gives its fee back, recorded on the transfer at
 * the return's or chargeback's time: a return of the whole order or of its `licensetransfer` unit the whole fee, an
 * amount refund that amount (never more than the fee in all). The licence stays where it moved. Nothing happens for
 * an order that paid no transfer. Answers what was given back now.
 */
export const refundTransferFee = (
  client: PoolClient,
  providerOrderId: string,
  refund: { isWhole: boolean; amount: string; refundedAt: Date },
): Promise<string> => repository.refundTransferFee(client, providerOrderId, refund);

/** The changes of owner the person took part in (the customer's export; an erasure's provider orders). */
export const listTransfersOfPerson = (db: Queryable, personId: number) => repository.listTransfersOfPerson(db, personId);

/**
 * Replaces an erased person's mentions in the reasons of refused transfers, as mentionsToErase says of a record that
 * is not theirs (a refusal names no owner): a reason that holds their address loses their name and Device IDs too;
 * one without it is not touched (decision 093). Answers how many changed.
 */
export async function redactTransferRefusals(db: Queryable, texts: PersonalTexts): Promise<number> {
  let changed = 0;
  for (const refusal of await repository.lockRefusalsMatching(db, addressLikePatterns(texts))) {
    const reason = redactText(refusal.reason, mentionsToErase(texts, { isTheirs: false, content: refusal.reason }));
    if (reason === refusal.reason) continue;
    await repository.setRefusalReason(db, refusal.provider_order_id, reason);
    changed++;
  }
  return changed;
}

/**
 * The transfer module's service, built once by `buildApp` with its database, settings and secret box (decision
 * 067): the customer's token for a paid transfer, and the administrator's direct transfer (the flow's work).
 */
export const createTransferService = (deps: { db: Db; config: Config; secretBox: SecretBox }) =>
  bindDependencies(deps, { verifyOrderForTransfer, transferLicencesAsAdmin: transferLicencesAsAdminFlow });
export type TransferService = ReturnType<typeof createTransferService>;
