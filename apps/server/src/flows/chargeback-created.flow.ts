import type { PoolClient } from 'pg';
import {
  lockPurchase,
  recordChargebackGivenBack,
  revokeChargedBackPurchase,
  type ChargebackCreatedData,
  type ChargebackLeft,
} from '../modules/checkout/index.js';
import { refundTransferFee } from '../modules/transfer/index.js';

/**
 * `chargeback.created` inside the event's transaction, in the order its steps run: the purchase locked; the
 * chargeback kept, the purchase's active licences revoked and the money it took given back on its licences
 * (decisions 041, 100 and 107); then what it still gives back taken off a paid transfer's fee. A resend under a new
 * event id, or an administrator's replay, gives nothing back twice.
 */
export async function chargebackCreatedFlow(
  client: PoolClient,
  data: ChargebackCreatedData,
  eventCreated: number | undefined,
): Promise<{ note: string | null; attention?: string }> {
  await lockPurchase(client, data.order);
  const { left, ...outcome } = await revokeChargedBackPurchase(client, data, eventCreated);
  const fee = await giveBackTransferFeeOfChargeback(client, data.order, left);
  if (Number(fee) === 0 || !outcome.attention) return outcome;
  // A paid transfer's order has no licence of its own: support still looks at it (the licence stays where it moved).
  const note = `${outcome.attention}; its transfer fee is counted as given back (${fee})`;
  return { note, attention: note };
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
