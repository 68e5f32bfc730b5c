// Which failures the product's pools mark as the database's (main.ts survives those alone, decision 092).
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { CONNECTION_FAILURE, createPool, isCallAfterPoolEnded, isDatabaseOutage } from './client.js';
import { isDatabaseUnreachable } from './database-status.js';

/** A server that takes connections and never answers: a database host that hangs. */
const held = new Set<net.Socket>();
const silent = net.createServer((socket) => held.add(socket));
await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
const silentPort = (silent.address() as net.AddressInfo).port;

/** A port nothing listens on: a stopped database, or a stopped mail server. */
const closedPort = await new Promise<number>((resolve) => {
  const server = net.createServer();
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as net.AddressInfo;
    server.close(() => resolve(port));
  });
});

afterAll(async () => {
  for (const socket of held) socket.destroy();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
});

const rejectionOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('it answered'),
    (error: unknown) => error,
  );

describe('the database pool', () => {
  it("codes a connection's and the pool's time-outs as a lost connection, and marks them as the database's", async () => {
    const pool = createPool(`postgres://user:pass@127.0.0.1:${silentPort}/db`, 1, { connectionTimeoutMillis: 100 });
    try {
      // The one connection hangs at its start; a second caller waits for a place in the pool, and gives up too.
      const [connection, place] = await Promise.all([rejectionOf(pool.query('SELECT 1')), rejectionOf(pool.connect())]);
      expect(connection).toMatchObject({
        message: expect.stringMatching(/Connection terminated due to connection timeout/),
        code: CONNECTION_FAILURE,
      });
      // graphile-worker takes its clients with connect(), and retries by code: pg-pool's own error has none.
      expect(place).toMatchObject({ message: expect.stringMatching(/timeout exceeded when trying to connect/), code: CONNECTION_FAILURE });
      expect(isDatabaseOutage(connection)).toBe(true);
      expect(isDatabaseOutage(place)).toBe(true);
    } finally {
      await pool.end();
    }
  });

  it("marks a refused connection as the database's; another service's refused connection is not", async () => {
    const pool = createPool(`postgres://user:pass@127.0.0.1:${closedPort}/db`, 1);
    try {
      const error = await rejectionOf(pool.query('SELECT 1'));
      expect(error).toMatchObject({ code: 'ECONNREFUSED' });
      expect(isDatabaseOutage(error)).toBe(true);
      expect(isCallAfterPoolEnded(error)).toBe(false);
    } finally {
      await pool.end();
    }
    // The mail server's refusal: the same code, but a job's failure to send, not an outage to wait out.
    const smtp = await new Promise<unknown>((resolve) => net.connect(closedPort, '127.0.0.1').on('error', resolve));
    expect(isDatabaseUnreachable(smtp)).toBe(true);
    expect(isDatabaseOutage(smtp)).toBe(false);
    expect(isDatabaseOutage(Object.assign(new Error('Connection terminated unexpectedly'), { code: CONNECTION_FAILURE }))).toBe(false);
  });

  it('marks the calls an ended pool refused, which a stopping process survives (main.ts), and only those', async () => {
    const pool = createPool(`postgres://user:pass@127.0.0.1:${closedPort}/db`, 1);
    await pool.end();
    // graphile-worker takes a client with connect(); the product's code queries the pool.
    const [connect, query] = await Promise.all([rejectionOf(pool.connect()), rejectionOf(pool.query('SELECT 1'))]);
    for (const error of [connect, query]) {
      expect(error).toMatchObject({ message: 'Cannot use a pool after calling end on the pool' });
      expect(isCallAfterPoolEnded(error)).toBe(true);
      expect(isDatabaseOutage(error)).toBe(false);
    }
    expect(isCallAfterPoolEnded(new Error('Cannot use a pool after calling end on the pool'))).toBe(false);
  });
});
