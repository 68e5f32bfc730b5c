import { z } from 'zod';
import { DEVICE_ID_LENGTH } from './constants.js';
import { isAcceptedEmail } from './email-address.js';
import { messages } from './messages.js';

/** A product's trial length when the administrator sets none. */
export const DEFAULT_TRIAL_DAYS = 30;
export const MAX_TRIAL_DAYS = 365;

/** `{product}_TrialKey.txt`: a trial's expiring key file. */
export const trialKeyFileName = (product: string): string => `${product}_TrialKey.txt`;

/** POST /api/juce/trial form fields: a plug-in asks for a trial of its computer (no account). */
export const juceTrialRequest = z.object({
  product: z.string().max(100).default(''),
  mach: z.string().max(2000).default(''),
  os: z.string().max(200).default(''),
  email: z.string().max(254).default(''),
});
export type JuceTrialRequest = z.infer<typeof juceTrialRequest>;

const optionalEmail = z
  .string()
  .trim()
  .max(254, messages.emailInvalid)
  .refine((email) => email === '' || isAcceptedEmail(email), messages.emailInvalid)
  .default('');

/** POST /api/trial: the website's trial for an offline computer, by its Device ID. */
export const webTrialRequest = z.object({
  ProductName: z.string().trim().min(1, 'Please choose a product').max(100),
  DeviceIdHash: z.string().trim().max(200),
  Email: optionalEmail,
});
export type WebTrialRequest = z.infer<typeof webTrialRequest>;

/** The answer: the trial's key file and when it ends. */
export const webTrialResponse = z.object({
  productName: z.string(),
  keyFile: z.string(),
  expiresAt: z.string(),
  /** False when this computer already had the product's trial: the same key file again. */
  isNew: z.boolean(),
});
export type WebTrialResponse = z.infer<typeof webTrialResponse>;

/** A trial as the administrator sees it. */
export const trialEntry = z.object({
  id: z.number().int(),
  deviceIdHash: z.string(),
  deviceName: z.string(),
  email: z.string(),
  source: z.enum(['plugin', 'web']),
  startedAt: z.string(),
  expiresAt: z.string(),
  isExpired: z.boolean(),
});
export type TrialEntry = z.infer<typeof trialEntry>;

/** GET /api/product/{id}/trials: newest first, a page at a time. */
export const trialListQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const trialList = z.object({
  rows: z.array(trialEntry),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  trialDays: z.number().int(),
});
export type TrialList = z.infer<typeof trialList>;

/** The website's trial form: the product, the offline computer's Device ID, and an optional address. */
export const webTrialForm = z.object({
  productName: z.string().min(1, 'Please choose a product'),
  deviceId: z.string().trim().length(DEVICE_ID_LENGTH, messages.deviceIdInvalid),
  email: optionalEmail,
});
export type WebTrialFormInput = z.input<typeof webTrialForm>;
export type WebTrialForm = z.output<typeof webTrialForm>;
