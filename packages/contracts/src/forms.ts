import { z } from 'zod';
import { activationKeyField, deviceIdField, emailField, firstNameField, lastNameField, loginNameField, passwordField } from './fields.js';
import { messages } from './messages.js';
import { productPathField, serialsText } from './product.js';

/** The forms of the specification with their validation rules and messages (§5). */
export const loginForm = z.object({ username: loginNameField, password: passwordField });
export type LoginForm = z.infer<typeof loginForm>;

const newPasswordPair = z
  .object({ password: passwordField, repeatPassword: passwordField })
  .refine((value) => value.password === value.repeatPassword, {
    message: messages.passwordMismatch,
    path: ['repeatPassword'],
  });

export const registerForm = z
  .object({ email: emailField, password: passwordField, repeatPassword: passwordField })
  .refine((value) => value.password === value.repeatPassword, {
    message: messages.passwordMismatch,
    path: ['repeatPassword'],
  });
export type RegisterForm = z.infer<typeof registerForm>;

export const passwordRequestForm = z.object({ email: emailField });
export type PasswordRequestForm = z.infer<typeof passwordRequestForm>;

export const passwordChangeForm = newPasswordPair;

/** The password chosen when a mailed link opens an account (the same rules as Change Password). */
export const accountPasswordForm = newPasswordPair;
export type AccountPasswordForm = z.infer<typeof accountPasswordForm>;
export type PasswordChangeForm = z.infer<typeof passwordChangeForm>;

export const offlineDeviceForm = z.object({ deviceId: deviceIdField });
export type OfflineDeviceForm = z.infer<typeof offlineDeviceForm>;

const confirmEmail = <T extends { email: string; confirmEmail: string }>(value: T): boolean => value.email === value.confirmEmail;

export const activationForm = z
  .object({
    activationKey: activationKeyField,
    email: emailField,
    confirmEmail: emailField,
    firstName: firstNameField,
    lastName: lastNameField,
  })
  .refine(confirmEmail, { message: messages.emailMismatch, path: ['confirmEmail'] });
export type ActivationForm = z.infer<typeof activationForm>;

export const transferForm = z
  .object({
    email: emailField,
    confirmEmail: emailField,
    firstName: firstNameField,
    lastName: lastNameField,
  })
  .refine(confirmEmail, { message: messages.emailMismatch, path: ['confirmEmail'] });
export type TransferForm = z.infer<typeof transferForm>;

/** The Transfer License page's form: the new owner, and the owner's word that they know it cannot be undone. */
export const transferPageForm = transferForm.and(
  z.object({ isUnderstood: z.boolean().refine((value) => value, 'Please confirm that the transfer cannot be undone.') }),
);
export type TransferPageForm = z.infer<typeof transferPageForm>;

export const supportForm = z.object({
  email: emailField,
  productName: z.string().trim().min(4, messages.nameTooShort).max(200, messages.nameTooShort),
  operatingSystem: z.string().trim().min(4, messages.nameTooShort).max(500, messages.nameTooShort),
  problemDescription: z.string().trim().min(20, messages.nameTooShort).max(20000, messages.nameTooShort),
});
export type SupportForm = z.infer<typeof supportForm>;

export const sendKeyForm = z.object({ email: emailField });
export type SendKeyForm = z.infer<typeof sendKeyForm>;

export const adminPersonForm = z.object({
  email: z.string().trim().min(1, messages.emailRequired).max(254),
  name: z.string().trim().max(200),
  country: z.string().trim().max(100),
});
export type AdminPersonForm = z.infer<typeof adminPersonForm>;

export const adminTransferForm = z.object({
  newOwnerEmail: z.string().trim().min(1, messages.ownerEmailRequired).max(254),
  newOwnerName: z.string().trim().max(200),
});
export type AdminTransferForm = z.infer<typeof adminTransferForm>;

export const newPageForm = z.object({ url: z.string().trim().min(1, messages.urlMissing).max(500) });
export type NewPageForm = z.infer<typeof newPageForm>;

export const pageEditForm = z.object({
  name: z.string().trim().min(1, messages.nameRequired).max(200),
  url: z.string().trim().min(1, messages.urlRequired).max(500),
  mainMenuPriority: z.coerce.number({ error: messages.priorityRequired }).int(messages.priorityRequired),
  isMainMenu: z.boolean(),
});
export type PageEditForm = z.infer<typeof pageEditForm>;

export const productEditForm = z.object({
  name: z.string().trim().min(1, messages.nameRequired).max(100),
  description: z.string().trim().min(1, messages.required).max(2000),
  useRsa2048: z.boolean(),
  privateKey: z.string().trim(),
  publicKey: z.string().trim(),
  serials: z.string(),
});
export type ProductEditForm = z.infer<typeof productEditForm>;

export const unassignedCreateForm = z.object({
  ProductName: z.string().min(1, messages.required),
  DistributorName: z.string().trim().min(1, messages.required).max(200),
  NumberOfOrders: z.coerce.number({ error: messages.required }).int(messages.required).min(1, messages.required).max(10000),
});
export type UnassignedCreateForm = z.infer<typeof unassignedCreateForm>;

/** Whole numbers typed into a text field: an empty field is missing (coercing "" would make it 0). */
const wholeNumberText = (message: string) =>
  z
    .string()
    .trim()
    .min(1, message)
    .regex(/^-?\d{1,9}$/, message)
    .transform(Number);

/** The admin page editor: the fields of pageEditForm, the priority as typed, and the page's HTML. */
export const adminPageForm = pageEditForm.extend({
  mainMenuPriority: wholeNumberText(messages.priorityRequired),
  htmlText: z.string().max(1_000_000),
});
export type AdminPageFormInput = z.input<typeof adminPageForm>;
export type AdminPageForm = z.output<typeof adminPageForm>;

/**
 * The admin product editor: productEditForm plus the price, the FastSpring path (decision 026) and the separate
 * RSA 2048 key pair the server keeps; its serials are checked as POST /productserial/ checks them.
 */
export const adminProductForm = productEditForm.extend({
  path: productPathField,
  serials: serialsText,
  price: z
    .string()
    .trim()
    .regex(/^\d{1,10}(\.\d{1,2})?$/, 'Please enter a valid price'),
  privateKey2048: z.string().trim(),
  publicKey2048: z.string().trim(),
  /** Days a trial of the product runs (decision 017), as typed. */
  trialDays: z
    .string()
    .trim()
    .refine((days) => /^\d{1,3}$/.test(days) && Number(days) >= 1 && Number(days) <= 365, 'A trial lasts 1 to 365 days'),
  /** Days an online key of a plug-in built on clients/juce works before renewal, as typed; empty: permanent (decision 041). */
  onlineKeyDays: z
    .string()
    .trim()
    .refine(
      (days) => days === '' || (/^\d{1,4}$/.test(days) && Number(days) >= 1 && Number(days) <= 3650),
      'Online keys last 1 to 3650 days',
    ),
  /** Places a licence may free a year without a removal code, as typed; empty: no limit (decision 041). */
  yearlyDeviceRemovals: z
    .string()
    .trim()
    .refine((count) => count === '' || (/^\d{1,4}$/.test(count) && Number(count) <= 1000), 'Between 0 and 1000 removals a year'),
});
export type AdminProductForm = z.infer<typeof adminProductForm>;

/** The person editor's "New order/license" form: the product (select value: its id). */
export const adminNewOrderForm = z.object({ productId: z.string().regex(/^\d+$/, messages.required) });
export type AdminNewOrderForm = z.infer<typeof adminNewOrderForm>;

/** Downloading an activation-code batch: the batch number is required (§5). */
export const batchDownloadForm = z.object({ batchNumber: wholeNumberText(messages.required).pipe(z.number().positive(messages.required)) });
export type BatchDownloadFormInput = z.input<typeof batchDownloadForm>;
export type BatchDownloadForm = z.output<typeof batchDownloadForm>;

/** The customer area's "free a place with a removal code" form (decision 041). */
export const removalCodeForm = z.object({
  removalCode: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]{4}[\s-]?[0-9a-fA-F]{4}[\s-]?[0-9a-fA-F]{4}$/, 'A removal code has 12 characters, like 1A2B-3C4D-5E6F.'),
});
export type RemovalCodeForm = z.infer<typeof removalCodeForm>;
