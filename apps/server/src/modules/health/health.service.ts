import type { Db } from '../../db/client.js';

/** Whether this process can reach PostgreSQL now: one trivial statement answered. */
async function isDatabaseReachable(db: Db): Promise<boolean> {
  try {
    await db.query('SELECT 1');
    return true;
  } catch {
    return false;
  }
}

/** The health module's service, built once by `buildApp` with its database (decision 067). */
export function createHealthService(deps: { db: Db }) {
  return { isDatabaseReachable: () => isDatabaseReachable(deps.db) };
}
export type HealthService = ReturnType<typeof createHealthService>;
