import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
// The probes are not files of a TypeScript project, so the type-checked rules are off for them.
const eslint = new ESLint({ cwd: root, overrideConfig: [tseslint.configs.disableTypeChecked] });

/** The messages ESLint gives a server file with this text at this path (the file need not exist). */
async function lint(file: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

// ESLint's first run loads the configuration and its plug-ins: seconds on a busy machine, not one test's time.
beforeAll(() => lint('apps/server/src/modules/trial/probe.ts', 'export const probe = 1;\n'), 120_000);

describe('the server lint rule on module faces (issue 28, decision 039)', () => {
  it("refuses an import of another module's inner file, from a module and from outside the modules", async () => {
    const intoProduct = "import { findProductById } from '../product/product.repository.js';\nexport const probe = findProductById;\n";
    expect(await lint('apps/server/src/modules/trial/probe.ts', intoProduct)).toEqual([
      expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*Another module's inner file/),
    ]);
    // A service is an inner file too, and so is a type's file: both go through the face.
    const service = "import { findOrderById } from '../order/order.service.js';\nexport const probe = findOrderById;\n";
    expect(await lint('apps/server/src/modules/product/probe.ts', service)).toHaveLength(1);
    const rowType = "import type { ProductRow } from '../product/product.repository.js';\nexport type Probe = ProductRow;\n";
    expect(await lint('apps/server/src/modules/order/probe.ts', rowType)).toHaveLength(1);
    const fromSandbox =
      "import { findEventOfOrder } from '../modules/checkout/webhook.repository.js';\nexport const probe = findEventOfOrder;\n";
    expect(await lint('apps/server/src/sandbox/probe.ts', fromSandbox)).toHaveLength(1);
    const fromApp = "import { pageRoutes } from './modules/page/page.routes.js';\nexport const probe = pageRoutes;\n";
    expect(await lint('apps/server/src/probe.ts', fromApp)).toHaveLength(1);
  });

  // A dynamic import() of a string, or of a template without expressions, which the import rule does not see.
  it.each(["'", '`'])("refuses a dynamic import(%s…) of another module's inner file, and allows the module's own", async (quote) => {
    const dynamic = `export const probe = async () => (await import(${quote}../product/product.repository.js${quote})).findProductById;\n`;
    expect(await lint('apps/server/src/modules/trial/probe.ts', dynamic)).toEqual([
      expect.stringMatching(/^no-restricted-syntax: Another module's inner file/),
    ]);
    const own = `export const probe = async () => (await import(${quote}./product.repository.js${quote})).findProductById;\n`;
    expect(await lint('apps/server/src/modules/product/probe.ts', own)).toEqual([]);
  });

  it("allows the module's own files and another module's face, from a module and from outside", async () => {
    const allowed = [
      "import { findProductById } from './product.repository.js';",
      "import { findOrderById, type OrderRow } from '../order/index.js';",
      "import { withTransaction } from '../../db/client.js';",
      'export const probe = [findProductById, findOrderById, withTransaction] as const;',
      'export type Probe = OrderRow;',
      '',
    ].join('\n');
    expect(await lint('apps/server/src/modules/product/probe.ts', allowed)).toEqual([]);
    const outside =
      "import { pageRoutes } from './modules/page/index.js';\nimport { createPool } from './db/client.js';\nexport const probe = [pageRoutes, createPool];\n";
    expect(await lint('apps/server/src/probe.ts', outside)).toEqual([]);
  });
});

describe('the server lint rule on route files: route → service, always', () => {
  it("refuses a route's import of a repository, its own domain's too, and of the mail outbox", async () => {
    const ownRepository = "import { listPages } from './page.repository.js';\nexport const probe = listPages;\n";
    expect(await lint('apps/server/src/modules/page/probe.routes.ts', ownRepository)).toEqual([
      expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*A route calls a service/),
    ]);
    const outbox = "import { listRecentMail } from './outbox.js';\nexport const probe = listRecentMail;\n";
    expect(await lint('apps/server/src/mail/probe.routes.ts', outbox)).toHaveLength(1);
    const dynamic = "export const probe = async () => (await import('./page.repository.js')).listPages;\n";
    expect(await lint('apps/server/src/modules/page/probe.routes.ts', dynamic)).toEqual([
      expect.stringMatching(/^no-restricted-syntax: A route calls a service/),
    ]);
    const otherDomain = "import { findProductById } from '../product/product.repository.js';\nexport const probe = findProductById;\n";
    expect(await lint('apps/server/src/modules/trial/probe.routes.ts', otherDomain)).toContainEqual(
      expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*A route calls a service/),
    );
    // Another module's service from a route: through its face, like any file.
    const otherService = "import { findProductById } from '../product/product.service.js';\nexport const probe = findProductById;\n";
    expect(await lint('apps/server/src/modules/trial/probe.routes.ts', otherService)).toEqual([
      expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*Another module's inner file/),
    ]);
  });

  it('refuses a statement run in a route', async () => {
    const statement = "export const probe = (app: { db: { query: (text: string) => unknown } }) => app.db.query('SELECT 1');\n";
    expect(await lint('apps/server/src/modules/health/probe.routes.ts', statement)).toEqual([
      expect.stringMatching(/^no-restricted-syntax: A route calls a service/),
    ]);
  });

  it("allows a route its domain's service, the row shapes' types, and a service's own repository", async () => {
    const route = [
      "import { listPages } from './page.service.js';",
      "import type { ChangedPage } from './page.repository.js';",
      'export const probe = listPages;',
      'export type Probe = ChangedPage;',
      '',
    ].join('\n');
    expect(await lint('apps/server/src/modules/page/probe.routes.ts', route)).toEqual([]);
    const service = "import { listPages } from './page.repository.js';\nexport const probe = listPages;\n";
    expect(await lint('apps/server/src/modules/page/probe.service.ts', service)).toEqual([]);
  });
});

describe("the server lint rule on route files: a route calls its module's service object (decision 067)", () => {
  const refused = /^no-restricted-syntax: A route calls its module's service built in buildApp/;

  it.each([
    ['the database handed in', 'export const probe = (app: { db: unknown }, list: (db: unknown) => unknown) => list(app.db);\n'],
    ['the database in the options', 'export const probe = (app: { db: unknown }, list: (o: object) => unknown) => list({ db: app.db });\n'],
    [
      'the secret box',
      'export const probe = (app: { secretBox: unknown }, seal: (o: object) => unknown) => seal({ box: app.secretBox });\n',
    ],
    ['the signer', 'export const probe = (app: { keyFileSigner: unknown }) => app.keyFileSigner;\n'],
    ['a cache', 'export const probe = (app: { productCache: unknown }) => app.productCache;\n'],
    [
      'the whole config',
      'export const probe = (app: { config: unknown }, send: (o: object) => unknown) => send({ config: app.config });\n',
    ],
    ['the database of the request', 'export const probe = (request: { server: { db: unknown } }) => request.server.db;\n'],
    ['the database taken apart', 'export const probe = (app: { db: unknown }) => {\n  const { db } = app;\n  return db;\n};\n'],
  ])('refuses %s', async (_case, text) => {
    expect(await lint('apps/server/src/modules/page/probe.routes.ts', text)).toEqual([expect.stringMatching(refused)]);
  });

  it.each([
    ['the checkout module, the last off the list', 'apps/server/src/modules/checkout/probe.routes.ts'],
    ['the device module', 'apps/server/src/modules/device/probe.routes.ts'],
    ["the mailbox's routes, outside the modules", 'apps/server/src/mail/probe.routes.ts'],
    ["the sandbox's routes, outside the modules", 'apps/server/src/sandbox/probe.routes.ts'],
  ])('refuses the database handed in %s', async (_case, file) => {
    const text = 'export const probe = (app: { db: unknown }, list: (o: object) => unknown) => list({ db: app.db });\n';
    expect(await lint(file, text)).toEqual([expect.stringMatching(refused)]);
  });

  it("allows the service object's call and a setting read from the config", async () => {
    const route = [
      'type App = { pages: { listPages: () => unknown }; config: { SUPPORT_EMAIL: string } };',
      'export const probe = (app: App) => [app.pages.listPages(), app.config.SUPPORT_EMAIL];',
      '',
    ].join('\n');
    expect(await lint('apps/server/src/modules/page/probe.routes.ts', route)).toEqual([]);
  });

  it('still refuses what every route file is refused', async () => {
    const ownRepository = "import { listPages } from './page.repository.js';\nexport const probe = listPages;\n";
    expect(await lint('apps/server/src/modules/page/probe.routes.ts', ownRepository)).toEqual([
      expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*A route calls a service/),
    ]);
  });
});
