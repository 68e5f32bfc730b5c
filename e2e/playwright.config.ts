import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3199);
export const e2eAdminPassword = 'e2e-admin-password';
const dataDir = process.env.E2E_DATA_DIR ?? '/tmp/store-e2e-data';

/** Journeys in Debian's chromium against the real server on a fresh embedded database. */
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // Two servers, each with its own embedded database, take half of the journeys each: every journey logs in from
  // this one address, and the whole suite's logins would pass the per-address limit of one server (docs/SECURITY.md).
  projects: [
    { name: 'journeys-a-m', testMatch: /\/[a-m][^/]*\.spec\.ts$/, use: { baseURL: `http://localhost:${port}` } },
    { name: 'journeys-n-z', testMatch: /\/[n-z][^/]*\.spec\.ts$/, use: { baseURL: `http://localhost:${port + 1}` } },
  ],
  webServer: [0, 1].map((index) => ({
    command: `rm -rf ${dataDir}-${index} && node --import tsx apps/server/src/main.ts`,
    cwd: '..',
    url: `http://localhost:${port + index}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port + index),
      DATA_DIR: `${dataDir}-${index}`,
      ADMIN_PASSWORD: e2eAdminPassword,
      PUBLIC_URL: `http://localhost:${port + index}`,
      LOG_LEVEL: 'warn',
      // integrations.spec.ts receives outbound webhooks on a loopback port (decision 052's private-address guard).
      WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
    },
  })),
});
