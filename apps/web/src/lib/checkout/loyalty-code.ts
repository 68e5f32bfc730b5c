import { getCurrentUser, subscribeToSession } from '../session';
import { applyPromotion } from './checkout-actions';
import { loadCheckout, mayHoldCheckoutSession } from './checkout-script';
import { getCheckoutState } from './checkout-store';
import { warnOfCheckoutFailure } from './checkout-failure';

/**
 * A customer's loyalty code this browser applied to the checkout, and whose it is. The checkout runs in continuous
 * mode, so its session, coupon included, outlives the customer's login; on a shared computer the next person would
 * pay with the code, and the owner would get no new one for a year (decision 086). The record, kept as long as the
 * saved session, says which code to take back once the owner's session has ended.
 */
type AppliedCode = { owner: string; code: string };

const STORAGE_KEY = 'appliedLoyaltyCode';

const isAppliedCode = (value: unknown): value is AppliedCode =>
  typeof value === 'object' &&
  value !== null &&
  'owner' in value &&
  typeof value.owner === 'string' &&
  'code' in value &&
  typeof value.code === 'string';

function readAppliedCode(): AppliedCode | null {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? 'null');
    return isAppliedCode(value) ? value : null;
  } catch {
    return null;
  }
}

/** Forgets the record, unless a newer one (the next customer's code) has taken its place meanwhile. */
function forgetAppliedCode(applied: AppliedCode): void {
  const current = readAppliedCode();
  if (current?.owner === applied.owner && current.code === applied.code) window.localStorage.removeItem(STORAGE_KEY);
}

/** Applies the signed-in customer's own code to the checkout as a promotion (spec §4), noting whose it is. */
export async function applyLoyaltyCode(owner: string, code: string): Promise<void> {
  window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ owner, code } satisfies AppliedCode));
  await applyPromotion(code);
}

/** The checkout takes one coupon: a different code in the cart replaced the owner's and is not theirs to take back. */
const holdsAnotherCode = (code: string): boolean =>
  (getCheckoutState().data?.coupons ?? []).some((coupon) => coupon.toLowerCase() !== code.toLowerCase());

async function withdraw(): Promise<void> {
  const applied = readAppliedCode();
  if (!applied || applied.owner === getCurrentUser()?.name) return;
  if (mayHoldCheckoutSession()) {
    const checkout = await loadCheckout();
    // Before the script's first answer the cart is unknown: removing a promotion that is not there does no harm.
    if (!holdsAnotherCode(applied.code)) checkout.promo('');
  }
  forgetAppliedCode(applied);
}

let withdrawing: Promise<void> | null = null;

/**
 * Removes the promotion of a loyalty code whose owner is no longer the signed-in user, loading the checkout when a
 * saved session may hold it. Calls while one runs share it.
 */
export function withdrawLoyaltyCodeOfOthers(): Promise<void> {
  withdrawing ??= withdraw().finally(() => {
    withdrawing = null;
  });
  return withdrawing;
}

let isWatching = false;

/**
 * From now on, takes a customer's code back whenever the session changes: LOGOUT, erasure, a 401 that logs out, a
 * login as someone else, in this tab or another. Checks right away too: a page closed early may have left a code of
 * a session that has ended.
 */
export function watchLoyaltyCodeOwner(): void {
  if (isWatching) return;
  isWatching = true;
  const check = () => void withdrawLoyaltyCodeOfOthers().catch(warnOfCheckoutFailure);
  subscribeToSession(check);
  check();
}
