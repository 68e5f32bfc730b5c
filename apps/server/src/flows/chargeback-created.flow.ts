import type { PoolClient } from 'pg';
import {
  lockPurchase,
  recordChargebackGivenBack,
  revokeChargedBackPurchase,
  type ChargebackCreatedData,
  type ChargebackLeft,
} from '../modules/checkout/index.js';
import { deleteDevicesOfLicences } from '../modules/device/index.js';
import { listLicencesBoughtOn, revokeLicencesBoughtOn } from '../modules/offer/index.js';
import { emitLicencesRevoked } from '../modules/order/index.js';
import { refundTransferFee } from '../modules/transfer/index.js';
import { enqueueMailAtCommit } from '../mail/outbox.js';
import { boughtOnEndedMail } from '../mail/templates.js';

/**
 * `chargeback.created` inside the event's transaction, in the order its steps run: the purchase locked; the
 * chargeback kept, the purchase's active licences revoked and the money it took given back on its licences
 * (decisions 041, 100 and 107); the upgrades and crossgrades bought on those licences revoked with them, support told
 * (decision 115); then what it still gives back taken off a paid transfer's fee. A resend under a new event id, or
 * an administrator's replay, gives nothing back twice.
 */
export async function chargebackCreatedFlow(
  client: PoolClient,
  data: ChargebackCreatedData,
  options: { eventCreated: number | undefined; supportEmail: string },
): Promise<{ note: string | null; attention?: string }> {
  await lockPurchase(client, data.order);
  const { left, orderIds, ...revoked } = await revokeChargedBackPurchase(client, data, options.eventCreated);
  const boughtOn = await revokeUpgradesOfChargedBackLicences(client, {
    providerOrderId: data.order,
    orderIds,
    supportEmail: options.supportEmail,
  });
  const outcome =
    boughtOn.length === 0
      ? revoked
      : { ...revoked, note: [revoked.note, `revoked ${boughtOn.length} bought on them`].filter(Boolean).join('; ') };
  const fee = await giveBackTransferFeeOfChargeback(client, data.order, left);
  if (Number(fee) === 0 || !outcome.attention) return outcome;
  // A paid transfer's order has no licence of its own: support still looks at it (the licence stays where it moved).
  const note = `${outcome.attention}; its transfer fee is counted as given back (${fee})`;
  return { note, attention: note };
}

/**
 * Revokes the upgrades and crossgrades bought on the charged-back licences (and bought on those in turn): their price
 * assumed a licence the customer took the money back for (decision 115). Their own purchase was paid, so no money is
 * given back on them. Their computers are removed, `licence.revoked` announces them and support is mailed, as it can
 * give a licence again. One transferred to another owner stays theirs, and support is told of it. Answers the licences
 * revoked.
 */
async function revokeUpgradesOfChargedBackLicences(
  client: PoolClient,
  chargeback: { providerOrderId: string; orderIds: readonly number[]; supportEmail: string },
): Promise<number[]> {
  const { providerOrderId } = chargeback;
  const reason = `Chargeback of order ${providerOrderId}, the licence it was bought on`;
  const revoked = await revokeLicencesBoughtOn(client, chargeback.orderIds, reason);
  // Those transferred to someone else stay theirs; support is told of them too.
  const left = await listLicencesBoughtOn(client, [...chargeback.orderIds, ...revoked.map((licence) => licence.id)]);
  if (revoked.length === 0 && left.length === 0) return [];
  const orderIds = revoked.map((licence) => licence.id);
  await deleteDevicesOfLicences(client, orderIds);
  await emitLicencesRevoked(client, { orderIds, reason, computersRemoved: true, by: 'chargeback', providerOrderId });
  const mail = boughtOnEndedMail({ to: chargeback.supportEmail, cause: 'chargeback', providerOrderId, revoked, left });
  await enqueueMailAtCommit(client, mail);
  return orderIds;
}

/**
 * What a chargeback still gives back after its licences (`left`), taken off the purchase's paid transfer fee, if it
 * paid one, and kept with the chargeback (decision 107). Answers what was given back now (decimal text).
 */
export async function giveBackTransferFeeOfChargeback(
  client: PoolClient,
  providerOrderId: string,
  left: ChargebackLeft | undefined,
): Promise<string> {
  if (!left || (!left.isWhole && Number(left.amount) <= 0)) return '0';
  const given = await refundTransferFee(client, providerOrderId, {
    isWhole: left.isWhole,
    amount: left.amount,
    refundedAt: left.chargedAt,
  });
  if (Number(given) > 0) await recordChargebackGivenBack(client, providerOrderId, given);
  return given;
}
