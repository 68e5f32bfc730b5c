import type { Db } from '../../db/client.js';

/** Whether this process can reach PostgreSQL now: one trivial statement answered. */
export async function isDatabaseReachable(db: Db): Promise<boolean> {
  try {
    await db.query('SELECT 1');
    return true;
  } catch {
    return false;
  }
}
