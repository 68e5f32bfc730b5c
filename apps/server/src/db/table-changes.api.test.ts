import { describe, expect, it } from 'vitest';
import { createTestApp, listeningBackends } from '../../test/test-app.js';
import { createPool } from './client.js';
import { listenForTableChanges } from './table-changes.js';

const t = await createTestApp();

describe('listening for table changes', () => {
  it('notices a listening connection that stops answering without an error, forgets, and listens again', async (context) => {
    const before = await listeningBackends(t.db); // the test app's own listener
    const db = createPool(t.config.DATABASE_URL!, 3);
    const changes = await listenForTableChanges(db, t.app.log, {
      heartbeatIntervalMs: 200,
      heartbeatTimeoutMs: 300,
      reconnectDelayMs: 200,
    });
    let forgotten = 0;
    changes.subscribe('product_changed', () => (forgotten += 1));
    try {
      expect(changes.isListening()).toBe(true);
      const [backend] = (await listeningBackends(t.db)).filter((pid) => !before.includes(pid));
      expect(backend).toBeDefined();
      try {
        process.kill(backend!, 0);
      } catch {
        return context.skip(); // a PostgreSQL server of another user: its backends cannot be paused from here
      }
      // A paused backend keeps its socket open and answers nothing: as silent as a connection a firewall dropped.
      process.kill(backend!, 'SIGSTOP');
      try {
        const forgottenBefore = forgotten;
        await expect.poll(() => changes.isListening(), { timeout: 5_000 }).toBe(false);
        expect(forgotten).toBeGreaterThan(forgottenBefore);
      } finally {
        process.kill(backend!, 'SIGCONT');
      }
      await expect.poll(() => changes.isListening(), { timeout: 5_000 }).toBe(true);

      const heardBefore = forgotten;
      await t.db.query(`UPDATE product SET description = description WHERE id = (SELECT min(id) FROM product)`);
      await expect.poll(() => forgotten, { timeout: 5_000 }).toBeGreaterThan(heardBefore);
    } finally {
      await changes.close();
      await db.end();
    }
  });
});
