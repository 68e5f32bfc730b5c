// Test data for the customer-area, device, transfer and key-resend API tests.
import type { TestApp } from '../../../test/test-app.js';
import { withTransaction } from '../../db/client.js';
import { issueOrder } from '../order/order-issue.service.js';
import type { OrderRow } from '../order/order.repository.js';
import { findOrCreatePersonByEmail } from '../person/person.service.js';
import { findProductByName } from '../product/product.service.js';
import type { ProductRow } from '../product/product.repository.js';

export type TestLicence = { order: OrderRow; product: ProductRow; personId: number; email: string };

/**
 * Issues an active licence of a demo product (Spacey uses RSA 2048; Punch and Tapewarm do not) to the address: an
 * administrator's grant unless `source` says it was bought ('purchase').
 */
export async function giveLicence(
  t: TestApp,
  options: { email: string; productName?: string; name?: string; serial?: string; source?: 'admin' | 'purchase' },
): Promise<TestLicence> {
  const product = (await findProductByName(t.db, options.productName ?? 'Spacey'))!;
  return withTransaction(t.db, async (client) => {
    const person = await findOrCreatePersonByEmail(client, { email: options.email, name: options.name ?? 'Test Owner' });
    const issued = await issueOrder({
      client,
      secretBox: t.app.secretBox,
      supportEmail: t.config.SUPPORT_EMAIL,
      order: { productId: product.id, personId: person.id, source: options.source ?? 'admin' },
    });
    let order = issued!.order;
    if (options.serial) {
      const { rows } = await client.query<OrderRow>('UPDATE orders SET serial = $2 WHERE id = $1 RETURNING *', [order.id, options.serial]);
      order = rows[0]!;
    }
    return { order, product, personId: person.id, email: options.email };
  });
}

/** A registered customer who owns one licence. */
export async function customerWithLicence(t: TestApp, productName = 'Spacey') {
  const customer = await t.registerCustomer();
  const licence = await giveLicence(t, { email: customer.email, productName });
  return { ...customer, ...licence };
}

/** A random Device ID as the plug-ins show it: 32 upper-case hex characters. */
export const randomDeviceId = (): string => Array.from({ length: 32 }, () => '0123456789ABCDEF'[Math.floor(Math.random() * 16)]).join('');

/** Registers a device through the plug-in endpoint. */
export const registerDevice = (
  t: TestApp,
  body: { ProductName: string; Key: string; DeviceIdHash: string; DeviceName?: string },
  ip?: string,
) =>
  t.request({
    method: 'POST',
    url: '/api/userinfo/registerproductfordevice',
    body: { DeviceName: 'Studio Mac', ...body },
    ...(ip ? { ip } : {}),
  });
