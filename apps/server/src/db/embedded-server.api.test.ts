import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { waitForExit } from '../../test/processes.js';

const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'store-embedded-exit-'));
await fs.chmod(directory, 0o755);
afterAll(() => fs.rm(directory, { recursive: true, force: true }));

describe('embedded server', () => {
  it('asks a server still running to stop when the process that started it exits', async () => {
    const module = path.join(import.meta.dirname, 'embedded-server.ts');
    const script = `
      import fs from 'node:fs';
      const { startEmbeddedServer } = await import(${JSON.stringify(module)});
      await startEmbeddedServer({ directory: ${JSON.stringify(directory)}, isEphemeral: true });
      console.log(fs.readFileSync(${JSON.stringify(path.join(directory, 'cluster', 'postmaster.pid'))}, 'utf8').split('\\n')[0]);
      process.exit(0);`;
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    const pid = Number.parseInt(result.stdout.trim(), 10);
    expect(pid).toBeGreaterThan(0);
    expect(await waitForExit([pid], 15_000)).toBe(true);
  });
});
