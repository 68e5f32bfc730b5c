import { ACCOUNT_CLAIM_TAG } from '@store/contracts/constants';

/** Where this tab keeps the claim of its latest checkout: the tab that paid, and only it, may use it (decision 060). */
const STORAGE_KEY = 'purchase-account-claim';

const toHex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * A new claim for the checkout about to open: 32 random bytes kept in this tab's sessionStorage, and the tag that
 * hands the checkout their SHA-256 only, so FastSpring, the webhook and its stored copy never hold the claim itself.
 * No tag where the browser cannot hash (an insecure context) or keep it: the buyer then signs in from the mail.
 */
export async function newAccountClaimTags(): Promise<Record<string, string>> {
  try {
    const claim = toHex(crypto.getRandomValues(new Uint8Array(32)));
    const hash = toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(claim))));
    sessionStorage.setItem(STORAGE_KEY, claim);
    return { [ACCOUNT_CLAIM_TAG]: hash };
  } catch {
    return {};
  }
}

/** The claim of this tab's latest checkout, if it kept one. */
export function readAccountClaim(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Forgets the claim once it was spent (or refused). */
export function forgetAccountClaim(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused: nothing was kept.
  }
}
