import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Runs `work` and answers no sooner than `milliseconds` after it started, failed or not, so that how long a
 * call takes does not tell a caller whether an address has an account or owns a product (docs/SECURITY.md).
 * The floor must lie above the work's own time, which is a few database statements.
 */
export async function withMinimumDuration<T>(milliseconds: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = milliseconds - (performance.now() - started);
    if (left > 0) await sleep(left);
  }
}

/** The floor of the calls whose work depends on whether an address is known (key resend, password request). */
export const ADDRESS_CALL_FLOOR_MS = 250;
