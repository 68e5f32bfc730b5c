import { z } from 'zod';
import { OFFLINE_DEVICE_MARKER, TRANSFER_MIN_DAYS } from './constants.js';
import { activationKeyField, emailField, firstNameField, lastNameField } from './fields.js';
import { orderStates } from './order-list.js';

/** A registered computer (§3). */
export const device = z.object({
  id: z.number().int(),
  deviceName: z.string(),
  deviceIdHash: z.string(),
  /**
   * The computer's signed key file ("Download offline Key"). It holds the secret behind the computer's removal code
   * (decision 041): empty in the staff list of a licence's computers unless the caller is an administrator (decision 088).
   */
  deviceIdHashEncrypted: z.string(),
  creationDate: z.string(),
  /** When the computer last activated (its first registration, or registering the same computer again). */
  lastActivatedAt: z.string().optional(),
  /** Until when the computer's key works; null: it is permanent (decision 041). */
  keyExpiresAt: z.string().nullable().optional(),
  /** When the plug-in last renewed the computer's key; null: never. */
  renewedAt: z.string().nullable().optional(),
});
export type Device = z.infer<typeof device>;

/** "Download offline Key" shows only for devices whose name contains "Offline" (spec §4), everywhere. */
export const isOfflineDevice = (device: Pick<Device, 'deviceName'>): boolean => device.deviceName.includes(OFFLINE_DEVICE_MARKER);

/**
 * The first moment a licence may be transferred: just past 30 days after its activation date (spec §4, §9); null
 * for an unreadable date. The server decides; screens use it to say when.
 */
export function transferPossibleFrom(licenseActivationDate: string): Date | null {
  const activatedAt = Date.parse(licenseActivationDate);
  return Number.isNaN(activatedAt) ? null : new Date(activatedAt + TRANSFER_MIN_DAYS * 24 * 60 * 60 * 1000 + 1);
}

/** A licence as the customer area shows it (§3 "user product entry"). */
export const userProduct = z.object({
  name: z.string(),
  useRsa2048: z.boolean(),
  serialNew: z.string(),
  serial2048: z.string(),
  licenseActivationDate: z.string(),
  orderId: z.number().int(),
  orderDevices: z.array(device),
  /** The licence's serial number (empty when its product has no serial list). */
  serial: z.string().optional(),
  /** When the licence was made (bought, redeemed or given); licenseActivationDate is when its owner got it. */
  purchaseDate: z.string().optional(),
  /** Where the licence came from. */
  source: z.enum(['purchase', 'activation', 'admin', 'transfer', 'import']).optional(),
  /** The customer area lists active licences only. */
  status: z.enum(orderStates).optional(),
  /** The product an upgrade of this licence sells (decision 036): the licence keeps working for its version. */
  upgradedTo: z.string().nullable().optional(),
  /** The product of the licence this one was upgraded from: the versions it covers. */
  upgradedFrom: z.string().nullable().optional(),
  /** Places freed this year without a removal code, and how many the product allows (null: no limit; decision 041). */
  removalsThisYear: z.number().int().optional(),
  removalsPerYear: z.number().int().nullable().optional(),
});
export type UserProduct = z.infer<typeof userProduct>;
export const userProducts = z.array(userProduct);

/** PUT /userinfo/orderdevice/{id}: the customer renames one of their computers. */
export const renameDeviceRequest = z.object({
  deviceName: z.string().trim().min(1, 'Please enter a name.').max(100, 'At most 100 characters.'),
});
export type RenameDeviceRequest = z.infer<typeof renameDeviceRequest>;

/** POST /userinfo/registerproductfordevice: called by plug-ins and by the offline dialog. */
export const registerDeviceRequest = z.object({
  ProductName: z.string().trim().min(1, 'ProductName is required').max(100),
  Key: z.string().trim().min(1, 'Key is required').max(20000),
  DeviceIdHash: z.string().max(200),
  DeviceName: z.string().trim().min(1, 'DeviceName is required').max(200),
});
export type RegisterDeviceRequest = z.infer<typeof registerDeviceRequest>;
/** The answer: the device's machine-bound key file (JSON string). */
export const registerDeviceResponse = z.string();

/** POST /userinfo/registerproduct: redeem an activation code. */
export const redeemActivationRequest = z.object({
  ActivationKey: activationKeyField,
  Email: emailField,
  FirstName: firstNameField,
  LastName: lastNameField,
});
export type RedeemActivationRequest = z.infer<typeof redeemActivationRequest>;
export const redeemActivationResponse = z.object({ email: z.string(), productName: z.string() });

/** GET /userinfo/verifyorderfortransfer/{id}: a short-lived signed token for the checkout tag. */
export const verifyTransferResponse = z.string();

/** The checkout tag of a licence transfer: token;orderId;email;firstName;lastName. */
export const transferTag = (parts: { token: string; orderId: number; email: string; firstName: string; lastName: string }): string =>
  [parts.token, parts.orderId, parts.email, parts.firstName, parts.lastName].join(';');

/** POST /api/juce/unlock form fields (JUCE's OnlineUnlockStatus). */
export const juceUnlockRequest = z.object({
  product: z.string().max(100).default(''),
  email: z.string().max(254).default(''),
  pw: z.string().max(200).default(''),
  os: z.string().max(200).default(''),
  mach: z.string().max(2000).default(''),
  /** "1": the plug-in is built on clients/juce, which renews keys and counts an unexpired expiring key as unlocked. */
  renewable: z.string().max(10).default(''),
});
export type JuceUnlockRequest = z.infer<typeof juceUnlockRequest>;

/** POST /juce/renew: a plug-in built on clients/juce renews its computer's key with the key itself (decision 041). */
export const juceRenewRequest = z.object({
  product: z.string().max(100).default(''),
  mach: z.string().max(2000).default(''),
  key: z.string().max(20000).default(''),
});
export type JuceRenewRequest = z.infer<typeof juceRenewRequest>;

/** POST /userinfo/releasedevice: the removal code a plug-in showed frees that computer's place, once. */
export const releaseDeviceRequest = z.object({
  orderId: z.number().int().positive(),
  removalCode: z.string().trim().min(1, 'Please enter the removal code.').max(40),
});
export type ReleaseDeviceRequest = z.infer<typeof releaseDeviceRequest>;
export const releaseDeviceResponse = z.object({ deviceName: z.string() });
