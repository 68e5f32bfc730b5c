import net from 'node:net';

/**
 * A TCP proxy in front of a test database, to stand for an outage or a restart. `cut()` resets every open connection
 * and resets new ones at once (counted in `refused`, so a test can wait for the app's retries instead of sleeping);
 * `restore()` lets connections through again. `dropAnswers()` lets statements reach the database but drops what it
 * answers, until the next `cut()`: a connection lost after the database did the work and before the answer came.
 * `url` is the database's address through the proxy.
 */
export type DatabaseProxy = {
  url: string;
  readonly refused: number;
  cut: () => void;
  restore: () => void;
  dropAnswers: () => void;
  close: () => Promise<void>;
};

export async function startDatabaseProxy(databaseUrl: string): Promise<DatabaseProxy> {
  const upstream = new URL(databaseUrl);
  const state = { isCut: false, isDroppingAnswers: false, refused: 0, sockets: new Set<net.Socket>() };
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
    client.pipe(database);
    database.on('data', (chunk: Buffer) => {
      if (!state.isDroppingAnswers) client.write(chunk);
    });
    database.on('end', () => client.end());
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
      state.isDroppingAnswers = false;
      resetAll();
    },
    dropAnswers: () => {
      state.isDroppingAnswers = true;
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
