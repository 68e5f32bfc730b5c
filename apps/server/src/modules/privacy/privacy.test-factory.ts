// Test data for the data-rights API tests: a customer with something in every place personal data is kept.
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { uniqueEmail, uniqueIp, type TestApp } from '../../../test/test-app.js';
import { finalizeSandboxSession } from '../../sandbox/sandbox.test-factory.js';
import { giveLicence, randomDeviceId } from '../licence/licence.test-factory.js';

const word = () => randomBytes(4).toString('hex');

/** A name no other test uses, so a search for it finds this customer's data only. */
export const uniqueName = () => ({ first: `Ada${word()}`, last: `Lovelace${word()}` });

/** Pays a Spacey in the checkout sandbox as `buyer` (the app must listen: the sandbox posts its webhook to itself). */
export async function buyInSandbox(t: TestApp, buyer: { email: string; first: string; last: string; country: string }) {
  const cart = { items: [{ path: 'spacey', quantity: 1 }], paymentContact: { email: buyer.email } };
  const { token: session } = await finalizeSandboxSession(t, cart, { origin: 'http://localhost:3000/products/spacey' });
  const paid = await t.request({
    method: 'POST',
    url: '/sandbox/api/pay',
    body: { session, email: buyer.email, firstName: buyer.first, lastName: buyer.last, country: buyer.country },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return paid.json() as { id: string; reference: string };
}

/**
 * A customer with data in every place it is kept: a login (proven, with a failed login in the limits), a purchase
 * through the sandbox (person, licence, provider order, webhook event, sandbox record, licence mail), a computer on
 * it, a licence from an activation code, a licence an administrator transferred to them from someone else (whose
 * mail names them), a support request, a trial of their computer, a loyalty code, and an administrator's edit of
 * their record (audit log).
 */
export async function customerWithEverything(t: TestApp) {
  const customer = await t.registerCustomer();
  const { email, token, password } = customer;
  const name = uniqueName();
  const fullName = `${name.first} ${name.last}`;
  const purchase = await buyInSandbox(t, { email, ...name, country: 'DE' });
  const products = (await t.request({ method: 'GET', url: '/api/userinfo/products', token })).json() as {
    orderId: number;
    serial2048: string;
  }[];
  const bought = products[0]!;

  const deviceId = randomDeviceId();
  const deviceName = `Studio of ${name.first}`;
  const registered = await t.request({
    method: 'POST',
    url: '/api/userinfo/registerproductfordevice',
    body: { ProductName: 'Spacey', Key: bought.serial2048, DeviceIdHash: deviceId, DeviceName: deviceName },
    ip: uniqueIp(),
  });
  expect(registered.statusCode, registered.body).toBe(200);

  const { rows: codes } = await t.db.query<{ activation_key: string }>(
    `INSERT INTO unassigned_order (product_id, activation_key, distributor_name, batch_number)
     SELECT id, gen_random_uuid(), 'Privacy Distributor', nextval('activation_batch_number') FROM product WHERE name = 'Punch'
     RETURNING activation_key::text`,
  );
  const activationKey = codes[0]!.activation_key;
  const redeemed = await t.request({
    method: 'POST',
    url: '/api/userinfo/registerproduct',
    body: { ActivationKey: activationKey, Email: email, FirstName: name.first, LastName: name.last },
    ip: uniqueIp(),
  });
  expect(redeemed.statusCode, redeemed.body).toBe(200);

  const seller = await giveLicence(t, { email: uniqueEmail('seller'), productName: 'Tapewarm', name: 'Sam Seller' });
  const admin = await t.adminToken();
  const transferred = await t.request({
    method: 'POST',
    url: '/api/order/transfer',
    token: admin,
    body: { id: seller.order.id, newOwnerEmail: email, newOwnerName: fullName },
  });
  expect(transferred.statusCode, transferred.body).toBe(200);

  const problemDescription = `Hello, this is ${fullName}: the window of the plug-in stays empty.`;
  const support = await t.request({
    method: 'POST',
    url: '/api/product/support/',
    body: { email, productName: 'Spacey', operatingSystem: 'macOS 14, Logic Pro', problemDescription },
    ip: uniqueIp(),
  });
  expect(support.statusCode, support.body).toBe(200);

  const trial = await t.request({
    method: 'POST',
    url: '/api/trial',
    body: { ProductName: 'Punch', DeviceIdHash: deviceId, Email: email },
    ip: uniqueIp(),
  });
  expect(trial.statusCode, trial.body).toBe(200);

  const loyalty = await t.request({ method: 'POST', url: '/api/fastspring/loyaltycoupon', token });
  const loyaltyCode = loyalty.json() as string;
  expect(loyaltyCode).toMatch(/^LOYAL-/);

  const wrongLogin = await t.request({
    method: 'POST',
    url: '/api/login/',
    body: { username: email, password: 'not-the-password' },
    ip: uniqueIp(),
  });
  expect(wrongLogin.statusCode).toBe(401);

  const personId = ((await t.request({ method: 'GET', url: `/api/person/byEmail/${email}`, token: admin })).json() as { id: number }).id;
  const edited = await t.request({
    method: 'POST',
    url: '/api/person/',
    token: admin,
    body: { id: personId, email, name: fullName, country: 'AT' },
  });
  expect(edited.statusCode, edited.body).toBe(200);

  return {
    email,
    password,
    token,
    personId,
    name,
    fullName,
    purchase,
    boughtOrderId: bought.orderId,
    transferredOrderId: seller.order.id,
    sellerEmail: seller.email,
    deviceId,
    deviceName,
    activationKey,
    loyaltyCode,
    problemDescription,
  };
}

/**
 * Every place the database holds text: each text, varchar, json and jsonb column (and arrays of text) of every table
 * and view of the public schema and the job queue's, read from information_schema, so a table added later is
 * searched too. Answers `schema.table.column` of each column where one of `needles` occurs (case ignored).
 */
export async function columnsHolding(t: TestApp, needles: readonly string[]): Promise<string[]> {
  const { rows: columns } = await t.db.query<{ table_schema: string; table_name: string; column_name: string }>(
    `SELECT table_schema, table_name, column_name FROM information_schema.columns
      WHERE table_schema IN ('public', 'graphile_worker')
        AND (data_type IN ('text', 'character varying', 'character', 'json', 'jsonb')
             OR (data_type = 'ARRAY' AND udt_name IN ('_text', '_varchar', '_json', '_jsonb')))
      ORDER BY 1, 2, 3`,
  );
  expect(columns.length).toBeGreaterThan(50);
  expect(columns.map((column) => `${column.table_schema}.${column.table_name}`)).toContain('graphile_worker._private_jobs');
  const patterns = needles.map((needle) => `%${needle.replace(/[\\%_]/g, '\\$&')}%`);
  const found: string[] = [];
  for (const { table_schema: schema, table_name: table, column_name: column } of columns) {
    const quoted = `"${schema}"."${table}"`;
    const { rows } = await t.db.query<{ hits: number }>(
      `SELECT count(*)::int AS hits FROM ${quoted} WHERE "${column}"::text ILIKE ANY($1)`,
      [patterns],
    );
    if (rows[0]!.hits > 0) found.push(`${schema}.${table}.${column}`);
  }
  return found;
}
