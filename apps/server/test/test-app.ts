import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, expect, inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { createPool, type Db } from '../src/db/client.js';
import { TEMPLATE_DATABASE, TEST_ADMIN_PASSWORD, TEST_KEY_SECRET } from './constants.js';
import { databaseUrl } from './global-setup.js';
import { listRecentMail } from '../src/mail/outbox.js';

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** Logs in and answers the bearer token. */
  logIn: (username: string, password: string) => Promise<string>;
  adminToken: () => Promise<string>;
  /**
   * Registers a new customer (at `email`, or a unique address) and answers its token and email. The customer proves
   * the address through the mailed confirmation link, as a real one would, unless `isProven` is false.
   */
  registerCustomer: (
    password?: string,
    options?: { isProven?: boolean; email?: string },
  ) => Promise<{ token: string; email: string; password: string }>;
  /** The token of the newest account link mailed to `email` (confirmation, purchase or activation). */
  accountLinkTokenOf: (email: string) => Promise<string>;
  /**
   * A staff login invited by the administrator, its password (`staff-pass`) set through the mailed link, as a new
   * member of staff does; its address, login id and token.
   */
  staffLogin: (role: 'admin' | 'support', email?: string) => Promise<{ email: string; id: number; token: string }>;
  /** Sends a request as JSON, with a bearer token when given. */
  request: (options: { method: string; url: string; token?: string; body?: unknown; ip?: string }) => Promise<LightMyRequestResponse>;
};

/** A fresh database cloned from the migrated, seeded template, and the app built on it; closed after the file. */
export async function createTestApp(overrides: Record<string, string> = {}): Promise<TestApp> {
  const serverUrl = inject('databaseServerUrl');
  const database = `store_test_${randomBytes(6).toString('hex')}`;
  const admin = createPool(serverUrl, 1);
  await admin.query(`CREATE DATABASE ${database} TEMPLATE ${TEMPLATE_DATABASE}`);
  await admin.end();

  const config = loadConfig({
    DATABASE_URL: databaseUrl(serverUrl, database),
    KEY_ENCRYPTION_SECRET: TEST_KEY_SECRET,
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    PUBLIC_URL: 'http://localhost:3000',
    // The tests' database is an external one: the sandbox they buy through is forced on.
    SANDBOX_CHECKOUT: 'force',
    ...overrides,
  });
  const db = createPool(config.DATABASE_URL!, 20);
  const app = await buildApp({ config, db, isServingWebApp: false });
  await app.ready();

  afterAll(async () => {
    await app.close();
    await db.end();
    const cleanup = createPool(serverUrl, 1);
    await cleanup.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await cleanup.end();
  });

  const request: TestApp['request'] = ({ method, url, token, body, ip }) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body === undefined ? {} : { payload: body as object }),
      ...(ip ? { remoteAddress: ip } : {}),
    });

  const logIn = async (username: string, password: string) => {
    const response = await request({ method: 'POST', url: '/api/login/', body: { username, password }, ip: uniqueIp() });
    if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
    return (response.json() as { token: string }).token;
  };
  let adminTokenValue: string | undefined;
  const accountLinkTokenOf = async (email: string) => {
    const { rows } = await db.query<{ body_text: string }>(
      `SELECT body_text FROM mail_outbox WHERE lower(recipient) = lower($1) AND body_text LIKE '%/account/confirm/%' ORDER BY id DESC LIMIT 1`,
      [email],
    );
    const token = /\/account\/confirm\/([\w-]+)/.exec(rows[0]?.body_text ?? '')?.[1];
    if (!token) throw new Error(`no account link was mailed to ${email}`);
    return token;
  };

  return {
    app,
    db,
    config,
    request,
    logIn,
    adminToken: async () => (adminTokenValue ??= await logIn('admin', TEST_ADMIN_PASSWORD)),
    registerCustomer: async (password = 'secret-password', options = {}) => {
      const email = options.email ?? uniqueEmail();
      const response = await request({ method: 'POST', url: '/api/register', body: { email, password }, ip: uniqueIp() });
      if (response.statusCode !== 200) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
      const token = (response.json() as { token: string }).token;
      if (options.isProven !== false) {
        const confirmToken = await accountLinkTokenOf(email);
        const confirmed = await request({
          method: 'POST',
          url: '/api/account/confirm',
          token,
          body: { token: confirmToken },
          ip: uniqueIp(),
        });
        if (confirmed.statusCode !== 200 || (confirmed.json() as { status: string }).status !== 'confirmed') {
          throw new Error(`confirmation failed: ${confirmed.statusCode} ${confirmed.body}`);
        }
      }
      return { token, email, password };
    },
    accountLinkTokenOf,
    staffLogin: async (role, email = uniqueEmail(role)) => {
      const adminToken = (adminTokenValue ??= await logIn('admin', TEST_ADMIN_PASSWORD));
      const invited = await request({ method: 'POST', url: '/api/staff', token: adminToken, body: { email, role } });
      if (invited.statusCode !== 200) throw new Error(`invitation failed: ${invited.statusCode} ${invited.body}`);
      const body = { token: await accountLinkTokenOf(email), password: 'staff-pass' };
      const opened = await request({ method: 'POST', url: '/api/account/confirm', ip: uniqueIp(), body });
      if (opened.statusCode !== 200) throw new Error(`the invitation's link failed: ${opened.statusCode} ${opened.body}`);
      const { rows } = await db.query<{ id: number }>('SELECT id FROM login WHERE login_name = $1', [email]);
      return { email, id: rows[0]!.id, token: await logIn(email, 'staff-pass') };
    },
  };
}

let counter = 0;
/** A unique address for factories, so tests never depend on each other's data. */
export const uniqueEmail = (prefix = 'customer') =>
  `${prefix}-${Date.now().toString(36)}-${++counter}-${randomBytes(3).toString('hex')}@example.com`;
/** A unique client address, so rate limits of one test never touch another. */
export const uniqueIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${(++counter % 250) + 1}`;

/** The backends of this database that LISTEN for table changes (each app's caches hold one). */
export const listeningBackends = async (db: Db): Promise<number[]> =>
  (
    await db.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'`)
  ).rows.map((row) => row.pid);

/**
 * Ends the app's listening connection, as a database restart would, and waits until the app knows (its caches
 * read the database now). Answers a wait for it to listen again, on a new connection, about a second later.
 */
export async function cutListeningConnection(t: TestApp): Promise<{ listeningAgain: () => Promise<void> }> {
  const [backend] = await listeningBackends(t.db);
  expect(backend).toBeDefined();
  await t.db.query('SELECT pg_terminate_backend($1)', [backend]);
  await expect.poll(() => t.app.tableChanges.isListening(), { timeout: 5_000 }).toBe(false);
  return {
    listeningAgain: async () => {
      await expect.poll(async () => (await listeningBackends(t.db)).filter((pid) => pid !== backend).length, { timeout: 10_000 }).toBe(1);
      await expect.poll(() => t.app.tableChanges.isListening(), { timeout: 5_000 }).toBe(true);
    },
  };
}

/**
 * Pauses the app's listening backend (SIGSTOP): the app still counts itself listening, but no notification
 * arrives until `resume`, so what follows shows what this process does on its own. Undefined when the backend
 * belongs to a server this process may not signal (another user's PostgreSQL).
 */
export async function holdNotifications(t: TestApp): Promise<{ resume: () => void } | undefined> {
  const [backend] = await listeningBackends(t.db);
  expect(backend).toBeDefined();
  try {
    process.kill(backend!, 'SIGSTOP');
  } catch {
    return undefined;
  }
  return { resume: () => process.kill(backend!, 'SIGCONT') };
}

/** The licence mails (the ones with a key file attached) sent to `email`, newest first. */
export const licenceMailsTo = async (db: Db, email: string) =>
  (await listRecentMail(db, 50, email)).filter((mail) => mail.attachments.length > 0);

/**
 * Waits until another session of the database waits for a lock that the session of `holder` holds (what a test
 * of a race needs before it lets the holder go on), instead of sleeping a fixed time and hoping.
 */
export async function waitUntilBlockedBy(db: Db, holder: { query: Db['query'] }): Promise<void> {
  const { rows } = await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const holderPid = rows[0]!.pid;
  await expect
    .poll(
      async () =>
        (
          await db.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))', [
            holderPid,
          ])
        ).rows[0]!.n,
      { timeout: 10_000, interval: 20 },
    )
    .toBeGreaterThan(0);
}
