import { z } from 'zod';
import { customerOrderList } from './customer-order.js';
import { orderSources, orderStates } from './order-list.js';

// A customer's data rights (docs/PRIVACY.md, decision 040): everything the shop holds about them, as JSON
// (GET /userinfo/personaldata), and the erasure of it (POST /userinfo/erasure; the administrator's
// POST /persons/{id}/erasure).

/** The file name the export is saved under. */
export const PERSONAL_DATA_FILE_NAME = 'personal-data.json';

const amount = z.string().nullable();

/** The login and the customer record (the person) it reaches once it has proven its address. */
export const exportedAccount = z.object({
  loginName: z.string(),
  loginCreatedAt: z.string(),
  isEmailVerified: z.boolean(),
  hasTwoFactor: z.boolean(),
  /** Null until the login has proven its address (docs/SECURITY.md): until then nothing of the address is shown. */
  person: z
    .object({
      id: z.number().int(),
      email: z.string(),
      /** Addresses the vendor corrected, still held with what was sent to or asked from them (decision 109). */
      earlierEmails: z.array(z.string()),
      name: z.string(),
      country: z.string(),
      createdAt: z.string(),
    })
    .nullable(),
});

/** A computer registered on a licence. */
export const exportedComputer = z.object({
  id: z.number().int(),
  deviceName: z.string(),
  deviceId: z.string(),
  registeredAt: z.string(),
  lastActivatedAt: z.string(),
});

/** A licence of the person, whatever its state, with its key texts, what was paid for it and its computers. */
export const exportedLicence = z.object({
  orderId: z.number().int(),
  productName: z.string(),
  state: z.enum(orderStates),
  source: z.enum(orderSources),
  creationDate: z.string(),
  licenseActivationDate: z.string(),
  serial: z.string(),
  serialNew: z.string(),
  serial2048: z.string(),
  /** FastSpring's order reference, for a purchase. */
  reference: z.string().nullable(),
  /** What was paid for the licence (decimal text) in `currency`, and the buyer's country. */
  amount,
  currency: z.string().nullable(),
  country: z.string().nullable(),
  refunded: amount,
  computers: z.array(exportedComputer),
});

/** A change of a licence's owner: to the person (in) or away from them (out). */
export const exportedTransfer = z.object({
  orderId: z.number().int(),
  date: z.string(),
  direction: z.enum(['in', 'out']),
});

/** An activation code the person redeemed. */
export const exportedActivationCode = z.object({
  activationKey: z.string(),
  productName: z.string(),
  redeemedAt: z.string().nullable(),
  orderId: z.number().int(),
});

/** A loyalty code made for the person. */
export const exportedLoyaltyCode = z.object({ code: z.string(), createdAt: z.string(), usedAt: z.string().nullable() });

/**
 * A mail sent to the address (or queued), or one it asked support for (reply-to). The text of a mail that carried a
 * password or a sign-in link is not kept once sent, and not shown while it waits.
 */
export const exportedMail = z.object({
  to: z.string(),
  replyTo: z.string().nullable(),
  subject: z.string(),
  kind: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  text: z.string().nullable(),
  attachments: z.array(z.string()),
});

/** A support request sent with the address. */
export const exportedSupportRequest = z.object({
  id: z.number().int(),
  productName: z.string(),
  operatingSystem: z.string(),
  problemDescription: z.string(),
  createdAt: z.string(),
});

/** A trial given to the address or to one of the person's computers. */
export const exportedTrial = z.object({
  productName: z.string(),
  deviceId: z.string(),
  deviceName: z.string(),
  email: z.string(),
  source: z.enum(['plugin', 'web']),
  startedAt: z.string(),
  expiresAt: z.string(),
});

/** GET /userinfo/personaldata: everything the shop holds about the caller. */
export const personalDataExport = z.object({
  exportedAt: z.string(),
  account: exportedAccount,
  licences: z.array(exportedLicence),
  /** The purchases with their amounts, taxes, refunds and transfers (as GET /userinfo/orders answers them). */
  orders: customerOrderList,
  transfers: z.array(exportedTransfer),
  activationCodes: z.array(exportedActivationCode),
  loyaltyCodes: z.array(exportedLoyaltyCode),
  mails: z.array(exportedMail),
  supportRequests: z.array(exportedSupportRequest),
  trials: z.array(exportedTrial),
});
export type PersonalDataExport = z.infer<typeof personalDataExport>;

/**
 * POST /userinfo/erasure: the customer erases their own account. The password again, and with two-factor login on a
 * current code (or a recovery code): a session alone, which may set a new password, cannot.
 */
export const erasureRequest = z.object({
  password: z.string().min(1, 'Please enter your password.').max(200),
  code: z.string().trim().max(40).optional(),
});
export type ErasureRequest = z.infer<typeof erasureRequest>;

/** What an erasure did: licences ended, computers removed, and the orders kept (without the person) for the tax records. */
export const erasureResult = z.object({
  licencesEnded: z.number().int(),
  computersRemoved: z.number().int(),
  ordersKept: z.number().int(),
});
export type ErasureResult = z.infer<typeof erasureResult>;
