import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

export type SmtpSink = { url: string; received: () => Promise<number>; close: () => Promise<void> };

/**
 * Starts bench/smtp-sink-process.ts, an SMTP server in a process of its own that takes every mail and counts it, so
 * that a benchmark measures the product as shipped: with SMTP_URL set, relaying its mail while it works.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'smtp-sink-process.ts')], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const waiting: ((line: string) => void)[] = [];
  lines.on('line', (line) => waiting.shift()?.(line));
  const nextLine = () => new Promise<string>((resolve) => waiting.push(resolve));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const port = Number(/^listening (\d+)$/.exec(await nextLine())?.[1]);
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: async () => {
      const answer = nextLine();
      child.stdin.write('count\n');
      return Number(/^received (\d+)$/.exec(await answer)?.[1]);
    },
    close: async () => {
      child.stdin.end();
      await exited;
    },
  };
}
