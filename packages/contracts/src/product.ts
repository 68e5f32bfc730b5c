import { z } from 'zod';
import { LICENSE_TRANSFER_PRODUCT, REQUEST_BODY_LIMIT_BYTES } from './constants.js';
import { PRODUCT_PATH_PATTERN, productPathMessages } from './product-path.js';

/** A FastSpring path as the administrator sets it (decision 026): checked, never rewritten, since FastSpring must have the same. */
export const productPathField = z
  .string()
  .trim()
  .regex(PRODUCT_PATH_PATTERN, productPathMessages.invalid)
  .refine((path) => path !== LICENSE_TRANSFER_PRODUCT, productPathMessages.reserved);

/** A product (§3); both spellings of the key fields occur, the server answers both. */
export const product = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The FastSpring path the product sells under (decision 026). */
  path: z.string(),
  description: z.string(),
  price: z.string(),
  publicKey: z.string(),
  publickey: z.string().optional(),
  privateKey: z.string(),
  privatekey: z.string().optional(),
  publicKey2048: z.string().optional(),
  privateKey2048: z.string().optional(),
  useRsa2048: z.boolean(),
  /** Days a trial key of the product runs (decision 017). */
  trialDays: z.number().int().optional(),
  /** Its next major version, a product of its own (decision 036): the shop says "{successor} is out". */
  successorId: z.number().int().nullable().optional(),
  /** Days an online key of a plug-in built on clients/juce works before it is renewed; null: permanent (decision 041). */
  onlineKeyDays: z.number().int().nullable().optional(),
  /** Places a licence may free a year without a removal code; null: no limit (decision 041). */
  yearlyDeviceRemovals: z.number().int().nullable().optional(),
  /** It sells a bundle of other products: no licence, activation code or trial is of it (decision 104). */
  isBundle: z.boolean().optional(),
});
export type Product = z.infer<typeof product>;
export const productList = z.array(product);

/** What anonymous callers of GET /product/ get: no key material; the path, so the shop pushes what FastSpring sells. */
export const publicProduct = product.pick({
  id: true,
  name: true,
  path: true,
  description: true,
  price: true,
  useRsa2048: true,
  trialDays: true,
  successorId: true,
  isBundle: true,
});
export type PublicProduct = z.infer<typeof publicProduct>;
/** GET /product/ as a visitor sees it: the shop's products (their checkout paths) and the trial page's choice. */
export const publicProductList = z.array(publicProduct);

/** POST /product/: create (id 0) and update; keys may be spelled either way. */
export const productSaveRequest = z.object({
  id: z.number().int().nonnegative(),
  name: z.string().trim().min(1, 'Name is required').max(100),
  /** Left out: a new product's is derived from its name (`productPathOfName`), an update keeps the stored one. */
  path: productPathField.optional(),
  description: z.string().trim().min(1, 'Description is required').max(2000),
  price: z.union([z.string(), z.number()]).transform(String).default('0'),
  publicKey: z.string().trim().max(4000).optional(),
  publickey: z.string().trim().max(4000).optional(),
  privateKey: z.string().trim().max(4000).optional(),
  privatekey: z.string().trim().max(4000).optional(),
  publicKey2048: z.string().trim().max(4000).optional(),
  privateKey2048: z.string().trim().max(4000).optional(),
  useRsa2048: z.boolean().default(false),
  /** Left out: the stored length (30 days for a new product). */
  trialDays: z.coerce
    .number()
    .int('Please enter whole days')
    .min(1, 'A trial lasts 1 to 365 days')
    .max(365, 'A trial lasts 1 to 365 days')
    .optional(),
  /** Its next major version (decision 036); left out: the stored one; null: none. */
  successorId: z.number().int().positive().nullable().optional(),
  /** Left out: the stored setting; null: permanent online keys. */
  onlineKeyDays: z.coerce
    .number()
    .int('Please enter whole days')
    .min(1, 'Online keys last 1 to 3650 days')
    .max(3650, 'Online keys last 1 to 3650 days')
    .nullable()
    .optional(),
  /** Left out: the stored setting; null: no yearly limit. */
  yearlyDeviceRemovals: z.coerce
    .number()
    .int('Please enter a whole number')
    .min(0, 'Between 0 and 1000 removals a year')
    .max(1000, 'Between 0 and 1000 removals a year')
    .nullable()
    .optional(),
});
export type ProductSaveRequest = z.infer<typeof productSaveRequest>;

/** New product default (§4); its path follows the name until set (`productPathOfName`). */
export const newProductDefaults: Omit<Product, 'path'> = {
  id: 0,
  name: 'New Name',
  description: 'New Description',
  price: '0',
  publicKey: '',
  privateKey: '',
  useRsa2048: false,
};

/**
 * Product serials record (§3): the whole pool, handed-out lines included, so it is not limited as a save is (a pool
 * whose handed-out lines have grown past a save's size can still be read).
 */
export const productSerials = z.object({ id: z.number().int().optional(), serials: z.string() });
export type ProductSerials = z.infer<typeof productSerials>;

/** The longest serial, after trimming: longer lines are not serials but a key file or a document pasted by mistake. */
export const SERIAL_MAX_LENGTH = 500;
/**
 * The largest serial list one save sends, in bytes as sent: its JSON text in UTF-8, leaving 1 KiB of the API's
 * body limit for the rest of the body. Counted in bytes, not characters, because JSON escaping and UTF-8 make one
 * character 1 to 6 bytes (a line break 2), so no character count both fits the limit and allows ordinary lists:
 * a list this check passes is never refused with 413. About 55,000 serials of 36 characters.
 */
export const SERIALS_MAX_BYTES = REQUEST_BODY_LIMIT_BYTES - 1024;

const utf8 = new TextEncoder();
/** The bytes `serials` takes in a JSON request body. */
export const serialsByteLength = (serials: string): number => utf8.encode(JSON.stringify(serials)).length;
const hasTooLongLine = (serials: string) => serials.split(/\r?\n/).some((line) => line.trim().length > SERIAL_MAX_LENGTH);

/** The serials textarea as a save sends it: checked here so the editor says so before sending, as the server does. */
export const serialsText = z
  .string()
  .refine(
    (serials) => serialsByteLength(serials) <= SERIALS_MAX_BYTES,
    'The serial list is too large: a save sends at most 2 MB (about 55,000 serials)',
  )
  .refine((serials) => !hasTooLongLine(serials), `A serial is at most ${SERIAL_MAX_LENGTH} characters long`);

/** POST /productserial/: the pasted list, which replaces the lines not handed out yet. */
export const productSerialsSaveRequest = productSerials.extend({ serials: serialsText });
export type ProductSerialsSaveRequest = z.infer<typeof productSerialsSaveRequest>;

/**
 * POST /product/generatekeys/: the editor's product and its RSA 2048 choice. Both pairs are always generated and
 * nothing is saved, so the server needs neither; they are accepted as the editor sends them.
 */
export const generateKeysRequest = z.object({ id: z.number().int().optional(), useRsa2048: z.boolean().optional() });
export type GenerateKeysRequest = z.infer<typeof generateKeysRequest>;

/** The answer of POST /product/generatekeys/: a 1024-bit and a 2048-bit pair, not saved until the product is. */
export const generatedKeys = z.object({
  publicKey: z.string(),
  privateKey: z.string(),
  publicKey2048: z.string(),
  privateKey2048: z.string(),
});
export type GeneratedKeys = z.infer<typeof generatedKeys>;
