import type { PoolClient } from 'pg';
import { AppError } from '../../lib/app-error.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { KeyFileSigner } from '../../licensing/signing-pool.js';
import { enqueueMail } from '../../mail/outbox.js';
import { emptySerialPoolMail } from '../../mail/templates.js';
import { findPersonById } from '../person/index.js';
import { findProductById, type ProductRow } from '../product/index.js';
import { createLicenceKeys, signLicenceKeys } from './licence-keys.js';
import { insertOrderEmittingEvent, setOrderSerial, takeSerial, type NewOrder, type OrderRow } from './order.repository.js';

type Owner = { name: string; email: string };
/** A licence issued, with the product it was read with (its callers need no second read of it). */
export type IssuedOrder = { order: OrderRow; product: ProductRow };

/**
 * Creates one licence inside the caller's transaction: the order row, a serial from the product's pool (an
 * empty pool leaves it empty and alerts the administrator by mail), and its key files for the owner. Answers
 * undefined, with nothing changed, when the provider's order item already made a licence.
 */
export async function issueOrder(options: {
  client: PoolClient;
  secretBox: SecretBox;
  supportEmail: string;
  order: NewOrder;
  /** The order's product and owner when the caller has them already (a webhook issuing several licences). */
  product?: ProductRow;
  owner?: Owner;
  /** Signs the key files off the event loop when given (the webhook's licences); else they are signed here. */
  signer?: KeyFileSigner;
}): Promise<IssuedOrder | undefined> {
  const { client, secretBox, order } = options;
  const product = options.product ?? (await findProductById(client, order.productId));
  if (!product) throw new AppError('notFound', 'Product not found');
  const owner = options.owner ?? (await findPersonById(client, order.personId));
  if (!owner) throw new AppError('notFound', 'Person not found');

  // The key files name the owner and the product, not the order: the row is written once, with them (an order
  // item seen before is rare enough that signing for it in vain costs less than a second write of every row).
  const keys = options.signer
    ? await signLicenceKeys({ product, owner, secretBox, signer: options.signer })
    : createLicenceKeys({ product, owner, secretBox });
  // The row and its outbound `licence.issued` event in one statement; then its serial.
  const inserted = await insertOrderEmittingEvent(client, order, keys, { productName: product.name, email: owner.email });
  if (!inserted) return undefined;
  const { serial, hasPool } = await takeSerial(client, product.id, inserted.id);
  if (!serial && hasPool)
    await enqueueMail(client, emptySerialPoolMail({ to: options.supportEmail, productName: product.name, orderId: inserted.id }));
  const saved = serial ? await setOrderSerial(client, inserted.id, serial) : inserted;
  return { order: saved, product };
}
