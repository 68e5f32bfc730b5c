import { newProductDefaults, type GeneratedKeys, type Product, type ProductSaveRequest } from '@store/contracts/product';
import { isValidProductPath, normalizeProductPath, productPathOfName, productPathWithId } from '@store/contracts/product-path';
import { DEFAULT_TRIAL_DAYS } from '@store/contracts/trial';
import { withTransaction, type Db, type Queryable } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { keyBits, validateKeyPair } from '../../licensing/rsa-key.js';
import { bindDependencies } from '../../lib/service-object.js';
import { recordAudit } from '../audit/index.js';
import type { ProductCache } from './product-cache.js';
import * as repository from './product-admin.repository.js';
import { generateProductKeyPair } from './product-keys.js';
import { getProductSerials, saveProductSerials } from './product-serial.service.js';
import * as productRepository from './product.repository.js';
import { toAdminProduct, toPublicProduct, type ProductRow } from './product.repository.js';

type KeyPair = { publicKey: string; privateKey: string };

/** The administrator's view of a product, key material included; id 0 answers a new product's defaults (§4). */
async function getAdminProduct(options: { db: Db; secretBox: SecretBox; id: number }): Promise<Product> {
  if (options.id === 0) {
    const path = productPathOfName(newProductDefaults.name);
    return {
      ...newProductDefaults,
      path,
      publickey: '',
      privatekey: '',
      publicKey2048: '',
      privateKey2048: '',
      trialDays: DEFAULT_TRIAL_DAYS,
      successorId: null,
      onlineKeyDays: null,
      yearlyDeviceRemovals: null,
    };
  }
  const row = await productRepository.findProductById(options.db, options.id);
  if (!row) throw notFound('Product not found');
  return toAdminProduct(row, options.secretBox);
}

/**
 * Creates the product (id 0) or updates it. Pasted key pairs must belong together (nothing is saved otherwise);
 * "use RSA 2048" needs a 2048-bit pair. Key fields left out keep their stored value. Private keys are sealed at
 * rest and never written to the audit; a changed public key is recorded there, since licences issued before it
 * no longer verify with the product's new releases. A FastSpring path left out keeps the stored one, or for a new
 * product is derived from its name (decision 026); a path another product has is refused, naming that product.
 */
async function saveProduct(options: { db: Db; secretBox: SecretBox; actor: string; product: ProductSaveRequest }): Promise<Product> {
  const { db, secretBox, actor, product } = options;
  const price = product.price.trim();
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(price)) throw badRequest('price: Please enter a valid price');
  return withTransaction(db, async (client) => {
    const before = product.id > 0 ? await repository.findProductForUpdate(client, product.id) : undefined;
    if (product.id > 0 && !before) throw notFound('Product not found');
    const stored = before && { pair1024: openPair(before, '1024', secretBox), pair2048: openPair(before, '2048', secretBox) };
    const pair1024 = {
      publicKey: product.publicKey ?? product.publickey ?? stored?.pair1024.publicKey ?? '',
      privateKey: product.privateKey ?? product.privatekey ?? stored?.pair1024.privateKey ?? '',
    };
    const pair2048 = {
      publicKey: product.publicKey2048 ?? stored?.pair2048.publicKey ?? '',
      privateKey: product.privateKey2048 ?? stored?.pair2048.privateKey ?? '',
    };
    checkKeyPair('Key pair', pair1024);
    checkKeyPair('RSA 2048 key pair', pair2048);
    if (product.useRsa2048 && pair2048.publicKey === '') {
      throw badRequest('RSA 2048 key pair: "use RSA 2048" needs a 2048-bit key pair. Generate one or paste it.');
    }
    if (pair2048.publicKey !== '' && keyBits(pair2048.publicKey) < 2048) {
      throw badRequest('RSA 2048 key pair: the key must be at least 2048 bits long.');
    }
    const id = before?.id ?? (await repository.takeNextProductId(client));
    const path = product.path ?? before?.path ?? (await derivePath(client, product.name, id));
    // A path the administrator typed may be another product's; a kept or derived one is this product's or free.
    if (product.path !== undefined) await checkPathIsFree(client, path, id);
    const successorId = product.successorId === undefined ? (before?.successor_id ?? null) : product.successorId;
    if (product.successorId != null) await checkSuccessor(client, product.successorId, id);
    const fields: repository.ProductFields = {
      name: product.name,
      path,
      description: product.description,
      price,
      public_key: pair1024.publicKey,
      private_key_sealed: secretBox.seal(pair1024.privateKey),
      public_key_2048: pair2048.publicKey,
      private_key_2048_sealed: secretBox.seal(pair2048.privateKey),
      use_rsa_2048: product.useRsa2048,
      trial_days: product.trialDays ?? before?.trial_days ?? DEFAULT_TRIAL_DAYS,
      successor_id: successorId,
      // Left out: the stored setting; null clears it (permanent keys, no yearly limit).
      online_key_days: product.onlineKeyDays === undefined ? (before?.online_key_days ?? null) : product.onlineKeyDays,
      yearly_device_removals:
        product.yearlyDeviceRemovals === undefined ? (before?.yearly_device_removals ?? null) : product.yearlyDeviceRemovals,
    };
    const saved = await writeProduct(client, { id, isNew: before === undefined }, fields);
    await recordAudit(client, {
      actor,
      action: before ? 'update' : 'create',
      entity: 'product',
      entityId: saved.id,
      before: before && auditView(before),
      after: {
        ...auditView(saved),
        isPublicKeyChanged: before !== undefined && before.public_key !== saved.public_key,
        isPublicKey2048Changed: before !== undefined && before.public_key_2048 !== saved.public_key_2048,
      },
    });
    return toAdminProduct(saved, secretBox);
  });
}

/** A new product's path when the save names none: its name's, with its id when that is too short, reserved or taken. */
export async function derivePath(client: Queryable, name: string, id: number): Promise<string> {
  const path = productPathOfName(name);
  if (isValidProductPath(path) && !(await productRepository.findProductByPath(client, path))) return path;
  return productPathWithId(path, id);
}

/** Refuses a path another product sells under, naming it (the unique constraint still decides a race). */
export async function checkPathIsFree(client: Queryable, path: string, id: number): Promise<void> {
  const holder = await productRepository.findProductByPath(client, path);
  if (holder && holder.id !== id) throw conflict(`FastSpring path: ${path} is already the path of ${holder.name}.`);
}

/** A successor is another product that exists (the database's check and foreign key still decide a race). */
async function checkSuccessor(client: Queryable, successorId: number, id: number): Promise<void> {
  if (successorId === id) throw badRequest('successorId: A product cannot be its own successor');
  if (!(await productRepository.findProductById(client, successorId))) throw badRequest('successorId: Product not found');
}

export async function writeProduct(
  client: Queryable,
  target: { id: number; isNew: boolean },
  fields: repository.ProductFields,
): Promise<ProductRow> {
  const duplicate = () => conflict(`A product named ${fields.name} already exists.`);
  try {
    const saved = target.isNew
      ? await repository.insertProduct(client, target.id, fields)
      : await repository.updateProduct(client, target.id, fields);
    if (!saved) throw duplicate();
    return saved;
  } catch (error) {
    const { code, constraint } = error as { code?: string; constraint?: string };
    if (code === '23505' && constraint === 'product_path_key') {
      throw conflict(`FastSpring path: ${fields.path} is already the path of another product.`);
    }
    if (code === '23505') throw duplicate();
    throw error;
  }
}

/** A pair is both keys or neither; both must belong together. */
function checkKeyPair(label: string, pair: KeyPair): void {
  if (pair.publicKey === '' && pair.privateKey === '') return;
  if (pair.publicKey === '' || pair.privateKey === '') {
    throw badRequest(`${label}: paste both the public and the private key, or neither.`);
  }
  const problem = validateKeyPair(pair.publicKey, pair.privateKey);
  if (problem !== null) throw badRequest(`${label}: ${problem}`);
}

const openPair = (row: ProductRow, size: '1024' | '2048', secretBox: SecretBox): KeyPair =>
  size === '1024'
    ? { publicKey: row.public_key, privateKey: secretBox.open(row.private_key_sealed) }
    : { publicKey: row.public_key_2048, privateKey: secretBox.open(row.private_key_2048_sealed) };

/** What the audit keeps of a product: never its private keys. */
export const auditView = (row: ProductRow) => ({
  name: row.name,
  path: row.path,
  description: row.description,
  price: row.price,
  useRsa2048: row.use_rsa_2048,
  trialDays: row.trial_days,
  successorId: row.successor_id,
  onlineKeyDays: row.online_key_days,
  yearlyDeviceRemovals: row.yearly_device_removals,
  publicKey: row.public_key,
  publicKey2048: row.public_key_2048,
});

/** Deletes a product that has no licences and no activation codes; its serial pool goes with it. */
async function deleteProduct(options: { db: Db; actor: string; id: number }): Promise<void> {
  const { db, actor, id } = options;
  await withTransaction(db, async (client) => {
    const product = await repository.findProductForUpdate(client, id);
    if (!product) throw notFound('Product not found');
    const usage = await repository.countProductUsage(client, id);
    if (usage.orders > 0 || usage.activationCodes > 0) {
      const parts = [
        usage.orders > 0 ? `${usage.orders} ${usage.orders === 1 ? 'licence' : 'licences'}` : '',
        usage.activationCodes > 0 ? `${usage.activationCodes} activation ${usage.activationCodes === 1 ? 'code' : 'codes'}` : '',
      ].filter(Boolean);
      throw conflict(`${product.name} has ${parts.join(' and ')} and cannot be deleted.`);
    }
    await repository.deleteProduct(client, id);
    await recordAudit(client, { actor, action: 'delete', entity: 'product', entityId: id, before: auditView(product) });
  });
}

/**
 * Generates a 1024-bit and a 2048-bit pair for the product editor. Nothing is saved, so nothing is audited: the
 * editor fills its fields, and saving the product records the changed public keys (saveProduct).
 */
async function generateProductKeys(): Promise<GeneratedKeys> {
  const [pair1024, pair2048] = await Promise.all([generateProductKeyPair(1024), generateProductKeyPair(2048)]);
  return {
    publicKey: pair1024.publicKey,
    privateKey: pair1024.privateKey,
    publicKey2048: pair2048.publicKey,
    privateKey2048: pair2048.privateKey,
  };
}

/** The catalogue (GET /product/): every product, with key material only for the administrator. */
async function listCatalogue(options: { db: Queryable; secretBox: SecretBox; isAdmin: boolean }) {
  const rows = await productRepository.listProducts(options.db);
  return options.isAdmin ? rows.map((row) => toAdminProduct(row, options.secretBox)) : rows.map(toPublicProduct);
}

// The product queries other domains use (they never read the product table themselves).

/** The product of this id, with its sealed keys (`ProductRow`). */
export const findProductById = (db: Queryable, id: number): Promise<ProductRow | undefined> => productRepository.findProductById(db, id);

/** The product of this name, compared case-insensitively. */
export const findProductByName = (db: Queryable, name: string): Promise<ProductRow | undefined> =>
  productRepository.findProductByName(db, name);

/** The product sold under this FastSpring path (an order item's `product`), compared in lower case. */
export const findProductByPath = (db: Queryable, path: string): Promise<ProductRow | undefined> =>
  productRepository.findProductByPath(db, normalizeProductPath(path));

/**
 * The product module's service, built once by `buildApp` with its database, secret box and product cache (decision
 * 067): the administrator's product editor and serial pool. A saved or deleted product is forgotten by this
 * process's cache at once, so its activations use the new name and keys; the others when the notification arrives.
 */
export function createProductService(deps: { db: Db; secretBox: SecretBox; productCache: ProductCache }) {
  const { db, secretBox, productCache } = deps;
  return {
    ...bindDependencies({ db, secretBox }, { getAdminProduct, getProductSerials, saveProductSerials, listCatalogue }),
    saveProduct: async (options: { actor: string; product: ProductSaveRequest }): Promise<Product> => {
      const saved = await saveProduct({ db, secretBox, ...options });
      productCache.clear();
      return saved;
    },
    deleteProduct: async (options: { actor: string; id: number }): Promise<void> => {
      await deleteProduct({ db, ...options });
      productCache.clear();
    },
    generateProductKeys,
  };
}
export type ProductService = ReturnType<typeof createProductService>;
