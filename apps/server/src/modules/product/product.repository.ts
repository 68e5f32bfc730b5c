import type { Product, PublicProduct } from '@store/contracts/product';
import type { Queryable } from '../../db/client.js';
import type { SecretBox } from '../../lib/secret-box.js';

export type ProductRow = {
  id: number;
  name: string;
  /** The FastSpring path (decision 026); unique, checked by the database. */
  path: string;
  description: string;
  price: string;
  public_key: string;
  private_key_sealed: string;
  public_key_2048: string;
  private_key_2048_sealed: string;
  use_rsa_2048: boolean;
  trial_days: number;
  /** Its next major version (migration 072, decision 036). */
  successor_id: number | null;
  /** Days an online key of a plug-in built on clients/juce works before renewal; null: permanent (decision 041). */
  online_key_days: number | null;
  /** Places a licence may free a year without a removal code; null: no limit (decision 041). */
  yearly_device_removals: number | null;
  /** The product sells a bundle of others (decision 057): listProducts answers it. */
  is_bundle?: boolean;
};

/** The administrator's view: key material opened, both spellings of the key fields. */
export function toAdminProduct(row: ProductRow, secretBox: SecretBox): Product {
  const privateKey = secretBox.open(row.private_key_sealed);
  return {
    id: row.id,
    name: row.name,
    path: row.path,
    description: row.description,
    price: row.price,
    publicKey: row.public_key,
    publickey: row.public_key,
    privateKey,
    privatekey: privateKey,
    publicKey2048: row.public_key_2048,
    privateKey2048: secretBox.open(row.private_key_2048_sealed),
    useRsa2048: row.use_rsa_2048,
    trialDays: row.trial_days,
    successorId: row.successor_id,
    onlineKeyDays: row.online_key_days,
    yearlyDeviceRemovals: row.yearly_device_removals,
    isBundle: row.is_bundle ?? false,
  };
}

/** Whether the product `productId` (an SQL expression) sells a bundle of others (decision 057). */
const isBundle = (productId: string) => `EXISTS (SELECT 1 FROM bundle_part b WHERE b.bundle_product_id = ${productId})`;

/**
 * Whether a product sells a bundle of others: no licence, activation code or trial is ever of a bundle itself, only
 * of its products (decisions 054 and 104).
 */
export async function isBundleProduct(db: Queryable, productId: number): Promise<boolean> {
  const { rows } = await db.query<{ is_bundle: boolean }>(`SELECT ${isBundle('$1::bigint')} AS is_bundle`, [productId]);
  return rows[0]!.is_bundle;
}

/** What anyone may see of a product: no key material. */
export const toPublicProduct = (row: ProductRow): PublicProduct => ({
  id: row.id,
  name: row.name,
  path: row.path,
  description: row.description,
  price: row.price,
  useRsa2048: row.use_rsa_2048,
  trialDays: row.trial_days,
  successorId: row.successor_id,
  isBundle: row.is_bundle ?? false,
});

export async function findProductById(db: Queryable, id: number): Promise<ProductRow | undefined> {
  const { rows } = await db.query<ProductRow>('SELECT * FROM product WHERE id = $1', [id]);
  return rows[0];
}

/** The product by name, compared case-insensitively. */
export async function findProductByName(db: Queryable, name: string): Promise<ProductRow | undefined> {
  // Named (prepared once per connection): every plug-in activation looks its product up. The columns are listed,
  // so a migration adding one does not break the statement prepared by a process still running the old code.
  const { rows } = await db.query<ProductRow>({
    name: 'product-by-name',
    text: `SELECT id, name, path, description, price, public_key, private_key_sealed, public_key_2048, private_key_2048_sealed, use_rsa_2048, trial_days,
                  successor_id, online_key_days, yearly_device_removals
             FROM product WHERE lower(name) = lower($1)`,
    values: [name],
  });
  return rows[0];
}

/** The product sold under this FastSpring path (stored in lower case). */
export async function findProductByPath(db: Queryable, path: string): Promise<ProductRow | undefined> {
  const { rows } = await db.query<ProductRow>('SELECT * FROM product WHERE path = $1', [path]);
  return rows[0];
}

export async function listProducts(db: Queryable): Promise<ProductRow[]> {
  const { rows } = await db.query<ProductRow>(`SELECT p.*, ${isBundle('p.id')} AS is_bundle FROM product p ORDER BY p.id`);
  return rows;
}
