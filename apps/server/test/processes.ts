import net from 'node:net';

/** Whether a process with this id is running (a signal 0 reaches it). */
export const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Waits (polling) until none of the processes runs, at most `timeoutMs`; answers whether none does. */
export async function waitForExit(pids: readonly number[], timeoutMs: number): Promise<boolean> {
  for (let waited = 0; waited < timeoutMs && pids.some(isAlive); waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
  return !pids.some(isAlive);
}

/** A port the system just handed out, so it is nobody else's. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
