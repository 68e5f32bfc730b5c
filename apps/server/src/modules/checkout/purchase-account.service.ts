import { createHash } from 'node:crypto';
import { ACCOUNT_CLAIM_TAG } from '@store/contracts/constants';
import { PURCHASE_ACCOUNT_UNAVAILABLE, type PurchaseAccountResponse } from '@store/contracts/customer-order';
import { withTransaction, type Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { signInLinkFor } from '../auth/index.js';
import { useAccountClaim } from './provider-order.repository.js';

/** The set-password link handed to the paying browser lives a day: it is used at once or not at all. */
const CLAIM_LINK_DAYS = 1;

/** The SHA-256 (hex) of the paying browser's claim among an order's tags (decision 060); null without one. */
export function accountClaimHashOf(tags: unknown): string | null {
  if (tags === null || typeof tags !== 'object') return null;
  const value = (tags as Record<string, unknown>)[ACCOUNT_CLAIM_TAG];
  return typeof value === 'string' && /^[0-9a-f]{64}$/.test(value) ? value : null;
}

/**
 * The thank-you screen's "Sign in to your account" (decision 060): the browser that paid presents the claim whose
 * hash it tagged the checkout with, once, within the purchase's hour, and gets the buyer's way in: the single-use
 * link that sets a password (a new buyer, or a login whose address is unproven), or the login page. The order id
 * alone gets nothing: it is not a secret to hand an account for.
 */
export async function claimPurchaseAccount(options: { db: Db; providerOrderId: string; claim: string }): Promise<PurchaseAccountResponse> {
  const claimHash = createHash('sha256').update(options.claim).digest('hex');
  return withTransaction(options.db, async (client) => {
    const email = await useAccountClaim(client, { providerOrderId: options.providerOrderId, claimHash });
    if (email === undefined) throw new AppError('notFound', PURCHASE_ACCOUNT_UNAVAILABLE);
    const link = await signInLinkFor(client, { email, purpose: 'purchase', siteUrl: '', lifetimeDays: CLAIM_LINK_DAYS });
    return { kind: link.kind, path: link.url };
  });
}
