import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail } from '../../../test/test-app.js';

const t = await createTestApp();
type Person = { id: number; email: string; name: string; country: string };
type Page = { rows: Person[]; total: number; page: number; pageSize: number };

/** Seeds 30 persons whose names and emails carry a unique token: "<token> Person 01".."30", countries CH/DE/AT. */
async function seedPersons(): Promise<{ token: string; ids: number[] }> {
  const token = `tk${randomBytes(4).toString('hex')}`;
  const { rows } = await t.db.query<{ id: number }>(
    `INSERT INTO person (email, name, country)
     SELECT $1 || '-' || lpad(g::text, 2, '0') || '@Example.com', $1 || ' Person ' || lpad(g::text, 2, '0'),
            (ARRAY['CH', 'DE', 'AT'])[1 + g % 3]
       FROM generate_series(1, 30) AS g ORDER BY g RETURNING id`,
    [token],
  );
  return { token, ids: rows.map((row) => row.id) };
}

const list = async (query: Record<string, string>) => {
  const response = await t.request({ method: 'GET', url: `/api/person/?${new URLSearchParams(query)}`, token: await t.adminToken() });
  return response;
};
const page = async (query: Record<string, string>): Promise<Page> => {
  const response = await list(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page;
};
const numbersOf = (rows: Person[]) => rows.map((row) => Number(row.name.slice(-2)));
const range = (from: number, to: number) =>
  Array.from({ length: Math.abs(to - from) + 1 }, (_, index) => (from <= to ? from + index : from - index));

describe('persons list', () => {
  it('answers the plain array without paging parameters', async () => {
    const { token } = await seedPersons();
    const response = await t.request({ method: 'GET', url: '/api/person/', token: await t.adminToken() });
    expect(response.statusCode).toBe(200);
    const rows = response.json() as Person[];
    expect(Array.isArray(rows)).toBe(true);
    expect(rows.filter((row) => row.name.startsWith(token))).toHaveLength(30);
  });

  it('filters case-insensitively on a column and pages by id by default', async () => {
    const { token, ids } = await seedPersons();
    const first = await page({ page: '0', pageSize: '10', filter: JSON.stringify({ name: token.toUpperCase() }) });
    expect(first).toMatchObject({ total: 30, page: 0, pageSize: 10 });
    expect(first.rows.map((row) => row.id)).toEqual(ids.slice(0, 10));
    const last = await page({ page: '2', pageSize: '10', filter: JSON.stringify({ name: token }) });
    expect(last.rows.map((row) => row.id)).toEqual(ids.slice(20, 30));
    const beyond = await page({ page: '3', pageSize: '10', filter: JSON.stringify({ name: token }) });
    expect(beyond).toMatchObject({ rows: [], total: 30 });
  });

  it('sorts by a whitelisted column in both directions, every page in order', async () => {
    const { token } = await seedPersons();
    const filter = JSON.stringify({ email: token });
    const pages = [];
    for (const pageIndex of [0, 1, 2, 3])
      pages.push(await page({ page: String(pageIndex), pageSize: '10', sort: 'name', desc: 'true', filter }));
    expect(pages.map((each) => numbersOf(each.rows))).toEqual([range(30, 21), range(20, 11), range(10, 1), []]);
    const ascending = await page({ page: '1', pageSize: '20', sort: 'email', filter });
    expect(numbersOf(ascending.rows)).toEqual(range(21, 30));
    const byCountry = await page({ pageSize: '30', sort: 'country', filter });
    expect(byCountry.rows.map((row) => row.country)).toEqual([...Array(10).fill('AT'), ...Array(10).fill('CH'), ...Array(10).fill('DE')]);
  });

  it('combines filters on several columns, also as TanStack column filters', async () => {
    const { token, ids } = await seedPersons();
    const combined = await page({ pageSize: '50', filter: JSON.stringify({ name: token, country: 'de' }) });
    expect(combined.total).toBe(10);
    expect(combined.rows.every((row) => row.country === 'DE')).toBe(true);
    const asArray = await page({ pageSize: '50', filter: JSON.stringify([{ id: 'email', value: `${token}-07@example` }]) });
    expect(asArray.rows.map((row) => row.id)).toEqual([ids[6]]);
    const byId = await page({ filter: JSON.stringify({ id: String(ids[3]) }) });
    expect(byId).toMatchObject({ total: 1, rows: [{ id: ids[3] }] });
  });

  it('takes LIKE wildcards in a filter literally', async () => {
    const { token } = await seedPersons();
    expect((await page({ filter: JSON.stringify({ name: `${token}%` }) })).total).toBe(0);
    expect((await page({ filter: JSON.stringify({ name: `${token} Person 0_` }) })).total).toBe(0);
  });

  it('answers the unfiltered total with paging parameters', async () => {
    await seedPersons();
    const { rows } = await t.db.query<{ count: number }>('SELECT count(*)::int AS count FROM person');
    const unfiltered = await page({ page: '0' });
    expect(unfiltered.total).toBe(rows[0]!.count);
    expect(unfiltered.rows).toHaveLength(10);
  });

  it('refuses unknown columns, malformed filters and page sizes outside the table choices', async () => {
    expect((await list({ sort: 'password' })).body).toBe('sort: unknown column password');
    expect((await list({ filter: '{"password":"x"}' })).statusCode).toBe(400);
    expect((await list({ filter: 'not json' })).body).toBe('filter: expected JSON such as {"email":"text"}');
    expect((await list({ pageSize: '15' })).statusCode).toBe(400);
    // Names of inherited object properties are no columns either.
    expect((await list({ sort: 'constructor' })).body).toBe('sort: unknown column constructor');
    expect((await list({ filter: '{"toString":"x"}' })).body).toBe('filter: unknown column toString');
  });
});

describe('person editor', () => {
  it('creates, reads and updates a person, with audit rows', async () => {
    const token = await t.adminToken();
    const email = uniqueEmail('person');
    const created = await t.request({ method: 'POST', url: '/api/person/', token, body: { id: 0, email, name: 'Ada', country: 'CH' } });
    expect(created.statusCode, created.body).toBe(200);
    const person = created.json() as Person;
    expect(person).toMatchObject({ email, name: 'Ada', country: 'CH' });
    expect(person.id).toBeGreaterThan(0);

    expect((await t.request({ method: 'GET', url: `/api/person/${person.id}`, token })).json()).toEqual(person);
    const byEmail = await t.request({ method: 'GET', url: `/api/person/byEmail/${encodeURIComponent(email.toUpperCase())}`, token });
    expect(byEmail.json()).toEqual(person);

    const updated = await t.request({ method: 'POST', url: '/api/person/', token, body: { ...person, name: 'Ada Lovelace' } });
    expect(updated.json()).toMatchObject({ id: person.id, name: 'Ada Lovelace' });
    const { rows } = await t.db.query(
      `SELECT action, before, after FROM audit_log WHERE entity = 'person' AND entity_id = $1 ORDER BY id`,
      [String(person.id)],
    );
    expect(rows.map((row) => row.action)).toEqual(['create', 'update']);
    expect(rows[1]).toMatchObject({ before: { name: 'Ada' }, after: { name: 'Ada Lovelace' }, action: 'update' });
  });

  it('answers the new person defaults for id 0 and creates a blank default person', async () => {
    const token = await t.adminToken();
    expect((await t.request({ method: 'GET', url: '/api/person/0', token })).json()).toEqual({
      id: 0,
      email: '',
      name: 'name',
      country: 'CH',
    });
    const first = await t.request({ method: 'POST', url: '/api/person/', token, body: { id: 0, email: '', name: 'name', country: 'CH' } });
    const second = await t.request({ method: 'POST', url: '/api/person/', token, body: { id: 0, email: '', name: 'name', country: 'CH' } });
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const blank = await t.request({ method: 'POST', url: '/api/person/', token, body: { ...(first.json() as Person), email: '' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toBe('email: Email is required');
  });

  it('refuses a second person with the same email in another case', async () => {
    const token = await t.adminToken();
    const email = uniqueEmail('dup');
    await t.request({ method: 'POST', url: '/api/person/', token, body: { id: 0, email, name: 'One', country: 'CH' } });
    const duplicate = await t.request({
      method: 'POST',
      url: '/api/person/',
      token,
      body: { id: 0, email: email.toUpperCase(), name: 'Two', country: 'CH' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.body).toBe(`A person with the email ${email.toUpperCase()} already exists.`);
    const other = (
      await t.request({ method: 'POST', url: '/api/person/', token, body: { id: 0, email: uniqueEmail(), name: 'Three' } })
    ).json();
    const clash = await t.request({ method: 'POST', url: '/api/person/', token, body: { ...other, email } });
    expect(clash.statusCode).toBe(409);
  });

  it('renames the login with the email, so the customer logs in with the new address', async () => {
    const token = await t.adminToken();
    const customer = await t.registerCustomer();
    const person = (
      await t.request({ method: 'GET', url: `/api/person/byEmail/${encodeURIComponent(customer.email)}`, token })
    ).json() as Person;
    const newEmail = uniqueEmail('renamed');
    const saved = await t.request({ method: 'POST', url: '/api/person/', token, body: { ...person, email: newEmail } });
    expect(saved.statusCode).toBe(200);
    await expect(t.logIn(newEmail, customer.password)).resolves.toBeTruthy();
  });

  it('answers 404 for unknown persons', async () => {
    const token = await t.adminToken();
    expect((await t.request({ method: 'GET', url: '/api/person/99999999', token })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/person/byEmail/nobody@example.com', token })).statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: '/api/person/', token, body: { id: 99999999, email: uniqueEmail() } })).statusCode).toBe(
      404,
    );
    expect((await t.request({ method: 'DELETE', url: '/api/persons/99999999', token })).statusCode).toBe(404);
  });
});

describe('person deletion', () => {
  it('deletes a person without licences together with their login', async () => {
    const token = await t.adminToken();
    const customer = await t.registerCustomer();
    const person = (
      await t.request({ method: 'GET', url: `/api/person/byEmail/${encodeURIComponent(customer.email)}`, token })
    ).json() as Person;
    const deleted = await t.request({ method: 'DELETE', url: `/api/persons/${person.id}`, token });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await t.request({ method: 'GET', url: `/api/person/${person.id}`, token })).statusCode).toBe(404);
    await expect(t.logIn(customer.email, customer.password)).rejects.toThrow(/401/);
    const { rows } = await t.db.query(`SELECT after FROM audit_log WHERE entity = 'person' AND action = 'delete' AND entity_id = $1`, [
      String(person.id),
    ]);
    expect(rows).toEqual([{ after: { deletedLogins: 1 } }]);
  });

  it('refuses to delete a person who has licences, with a clear message', async () => {
    const token = await t.adminToken();
    const email = uniqueEmail('owner');
    const person = (
      await t.request({ method: 'POST', url: '/api/person/', token, body: { id: 0, email, name: 'Owner' } })
    ).json() as Person;
    await t.db.query(`INSERT INTO orders (product_id, person_id, source) SELECT id, $1, 'admin' FROM product ORDER BY id LIMIT 2`, [
      person.id,
    ]);
    const refused = await t.request({ method: 'DELETE', url: `/api/persons/${person.id}`, token });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toBe(`${email} has 2 licences and cannot be deleted. Transfer or delete the licences first.`);
    expect((await t.request({ method: 'GET', url: `/api/person/${person.id}`, token })).statusCode).toBe(200);
  });
});
