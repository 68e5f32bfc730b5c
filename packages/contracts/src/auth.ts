import { z } from 'zod';
import { emailField, loginNameField, passwordField } from './fields.js';

/**
 * POST /login/. `otp`: the six-digit code of the login's authenticator app, or one of its recovery codes; only
 * for logins that turned two-factor login on (the answer without it is 401 with `SECOND_FACTOR_REQUIRED`).
 */
export const loginRequest = z.object({
  username: loginNameField,
  password: z.string().min(1).max(200),
  otp: z.string().trim().max(40).optional(),
});

/** The 401 text of a login whose password was right and whose second factor is missing. */
export const SECOND_FACTOR_REQUIRED = 'Enter the code from your authenticator app.';
export type LoginRequest = z.infer<typeof loginRequest>;

/** The current user: kept in local storage under currentUser; `name` "admin" marks the administrator. */
export const currentUser = z.object({
  name: z.string(),
  token: z.string(),
  isAdmin: z.boolean().optional(),
  /** A staff login's role (beyond the spec): "admin" may do everything, "support" persons, orders, mails, resends. */
  role: z.enum(['admin', 'support']).optional(),
  expiresAt: z.string().optional(),
});
export type CurrentUser = z.infer<typeof currentUser>;

/** POST /register: the answer is the logged-in user, so the client can log in at once. */
export const registerRequest = z.object({ email: emailField, password: passwordField });
export type RegisterRequest = z.infer<typeof registerRequest>;

/** POST /passwordrequest */
export const passwordRequestRequest = z.object({ email: emailField });
export type PasswordRequestRequest = z.infer<typeof passwordRequestRequest>;

/** POST /passwordchange (bearer token) */
export const passwordChangeRequest = z.object({ NewPassword: passwordField });
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequest>;

/** DELETE /registration/: the body is the person's email (a JSON string, or {email}). */
export const deleteRegistrationRequest = z.union([emailField, z.object({ email: emailField })]);
export type DeleteRegistrationRequest = z.infer<typeof deleteRegistrationRequest>;

/** Plain acknowledgement answered by calls whose success shape the spec does not show. */
export const okResponse = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponse>;
