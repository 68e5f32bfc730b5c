import { SMTPServer } from 'smtp-server';

/**
 * An SMTP server that takes every mail and drops it, counting them: the intake benchmark's mail delivery
 * (smtp-sink.ts starts it). It runs in a process of its own so that its work is not the benchmark's or the
 * product's event loop. It writes `listening <port>` once it listens, and `received <count>` for every line
 * `count` read from its standard input.
 */
let received = 0;
const server = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData: (stream, _session, callback) => {
    stream.resume();
    stream.on('end', () => {
      received++;
      callback();
    });
  },
});
server.listen(0, '127.0.0.1', () => {
  const address = server.server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
});
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk: string) => {
  input += chunk;
  const lines = input.split('\n');
  input = lines.pop() ?? '';
  for (const line of lines) if (line.trim() === 'count') process.stdout.write(`received ${received}\n`);
});
process.stdin.on('end', () => server.close(() => process.exit(0)));
