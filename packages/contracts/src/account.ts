import { z } from 'zod';
import { currentUser } from './auth.js';
import { passwordField } from './fields.js';

/** GET /account: the signed-in login's state (what the customer area shows beyond the spec). */
export const accountStatus = z.object({
  name: z.string(),
  /** The login proved its address; until then it reaches no licences (docs/SECURITY.md). */
  isEmailVerified: z.boolean(),
  hasTwoFactor: z.boolean(),
});
export type AccountStatus = z.infer<typeof accountStatus>;

/** POST /account/confirm: a mailed link's token, and the password to set when the browser is not that login's. */
export const confirmAccountRequest = z.object({
  token: z.string().min(20).max(100),
  password: passwordField.optional(),
});
export type ConfirmAccountRequest = z.infer<typeof confirmAccountRequest>;

export const confirmAccountResponse = z.discriminatedUnion('status', [
  /** Proven; `user` is the new session when a password was set. */
  z.object({ status: z.literal('confirmed'), email: z.string(), user: currentUser.optional() }),
  /** The link is good; choose a password to finish (the address gets an account, or its account a new password). */
  z.object({
    status: z.literal('passwordNeeded'),
    email: z.string(),
    hasLogin: z.boolean(),
    /** A staff invitation: its login has no password of its own yet, so the page sets a first one. */
    isStaffInvitation: z.boolean().optional(),
  }),
]);
export type ConfirmAccountResponse = z.infer<typeof confirmAccountResponse>;

/** The text of a link that expired or was used. */
export const ACCOUNT_LINK_UNUSABLE =
  'This link has expired or was already used. Log in and ask for a new one, or use "Lost your password?".';

/** POST /account/twofactor/setup: a new secret to enter in an authenticator app (not active until confirmed). */
export const twoFactorSetup = z.object({ secret: z.string(), uri: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetup>;

/** POST /account/twofactor/enable: the first code proves the app has the secret; answers the recovery codes once. */
export const twoFactorEnableRequest = z.object({ code: z.string().trim().min(6).max(10) });
export const twoFactorRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type TwoFactorRecoveryCodes = z.infer<typeof twoFactorRecoveryCodes>;

/**
 * POST /account/twofactor/disable: the current password and a current code of the app (or a recovery code). The
 * password alone is not enough: whoever holds a session may set a new one (`/passwordchange` asks for no other).
 */
export const twoFactorDisableRequest = z.object({ password: z.string().min(1).max(200), code: z.string().trim().min(6).max(20) });
