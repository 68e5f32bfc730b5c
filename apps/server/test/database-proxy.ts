import net from 'node:net';

/**
 * A TCP proxy in front of a test database, to stand for an outage or a restart. `cut()` resets every open connection
 * and resets new ones at once (counted in `refused`, so a test can wait for the app's retries instead of sleeping);
 * `restore()` lets connections through again. `url` is the database's address through the proxy.
 */
export type DatabaseProxy = { url: string; readonly refused: number; cut: () => void; restore: () => void; close: () => Promise<void> };

export async function startDatabaseProxy(databaseUrl: string): Promise<DatabaseProxy> {
  const upstream = new URL(databaseUrl);
  const state = { isCut: false, refused: 0, sockets: new Set<net.Socket>() };
  const server = net.createServer((client) => {
    if (state.isCut) {
      state.refused += 1;
      client.destroy();
      return;
    }
    const database = net.connect(Number(upstream.port), upstream.hostname);
    for (const socket of [client, database]) {
      state.sockets.add(socket);
      socket.on('close', () => state.sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(database).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(upstream);
  url.host = `127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  const resetAll = () => {
    for (const socket of state.sockets) socket.destroy();
  };
  return {
    url: url.toString(),
    get refused() {
      return state.refused;
    },
    cut: () => {
      state.isCut = true;
      resetAll();
    },
    restore: () => {
      state.isCut = false;
    },
    close: async () => {
      resetAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
