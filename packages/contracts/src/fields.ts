import { z } from 'zod';
import { DEVICE_ID_LENGTH, MIN_PASSWORD_LENGTH } from './constants.js';
import { canonicalLoginName, isAcceptedEmail } from './email-address.js';
import { messages } from './messages.js';

/** Activation key: 8-4-4-4 hex groups (then the rest of a UUID), third group 1-5, fourth 8, 9, a or b (§5). */
export const ACTIVATION_KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}(-[0-9a-f]{12})?$/i;

/** An address (§5's pattern, and the rules of email-address.ts: no look-alike spellings, a real mail domain). */
export const emailField = z
  .string()
  .trim()
  .min(1, messages.emailRequired)
  .max(254, messages.emailInvalid)
  .refine(isAcceptedEmail, messages.emailInvalid);

/** Login accepts the word admin besides an email address. */
export const loginNameField = z
  .string()
  .trim()
  .min(1, messages.emailRequired)
  .max(254, messages.emailInvalid)
  .refine((value) => canonicalLoginName(value) !== undefined, messages.emailInvalid);

export const passwordField = z
  .string()
  .min(1, messages.passwordInvalid)
  .min(MIN_PASSWORD_LENGTH, messages.passwordInvalid)
  .max(200, messages.passwordInvalid);

export const deviceIdField = z.string().length(DEVICE_ID_LENGTH, messages.deviceIdInvalid);

export const activationKeyField = z
  .string()
  .trim()
  .min(1, messages.activationKeyRequired)
  .regex(ACTIVATION_KEY_PATTERN, messages.activationKeyInvalid);

export const firstNameField = z.string().trim().min(3, messages.firstNameRequired).max(100, messages.firstNameRequired);
export const lastNameField = z.string().trim().min(3, messages.lastNameRequired).max(100, messages.lastNameRequired);

/** Id path parameter: a positive integer. */
export const idParam = z.object({ id: z.coerce.number().int().nonnegative() });
