import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeatures = [
  'auth',
  'session',
  'content',
  'checkout',
  'licences',
  'admin',
  'support',
  'activation',
  'transfer',
  'mailbox',
  'send-key',
  'trial',
  'downloads',
  'account',
  'orders',
];

// Each set is in a tsconfig that `npm run typecheck` checks (the root tsconfig.json: the scripts' tests, vitest.config.ts).
const typedFiles = ['apps/**/*.{ts,tsx}', 'packages/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts', 'vitest.config.ts'];

/**
 * An import path that reaches into another server module instead of through its public face, `index.ts` (issue 28,
 * decision 039): from inside a module (`../other/file.js`), and from outside the modules (`…/modules/other/file.js`).
 */
const otherModuleInner = String.raw`^\.\./[a-z-]+/(?!index\.js$)[^/]+\.js$`;
const moduleInnerFromOutside = String.raw`^(\.{1,2}/)+modules/[a-z-]+/(?!index\.js$)[^/]+\.js$`;
const moduleFaceMessage = "Another module's inner file: import what it publishes in its index.ts (add it there if it is missing).";
/** `import()` of a module the pattern names, which the import rule does not see: of a string, or of a plain template. */
const dynamicImportsOf = (pattern, message) => [
  { selector: `ImportExpression[source.value=/${pattern.replaceAll('/', '\\/')}/]`, message },
  {
    selector: `ImportExpression[source.type='TemplateLiteral'][source.expressions.length=0][source.quasis.0.value.cooked=/${pattern.replaceAll('/', '\\/')}/]`,
    message,
  },
];

/** What a route file may not reach: SQL, in any repository (its own domain's too) or the mail outbox. */
const sqlModule = String.raw`(\.repository|/outbox)\.js$`;
const routeCallsServiceMessage = 'A route calls a service, never SQL (docs/ARCHITECTURE.md): give the service the call.';

/**
 * What a route hands no call (decision 067): the database, the caches, the secret box and the signer are its module's
 * service's, built once in buildApp; a route reading one of them (`app.db`, `request.server.db`, `const { db } = app`)
 * or handing the whole config into a call (`{ config: app.config }`) has skipped the service. A route may still read
 * a setting (`app.config.SUPPORT_EMAIL`).
 */
const appDependency = '/^(db|secretBox|keyFileSigner|productCache|pageCache|tableChanges)$/';
const serviceObjectMessage =
  "A route calls its module's service built in buildApp (`app.<module>.<call>(…)`, decision 067): it hands no database, cache, secret box, signer or config into a call.";
/** A statement run on the handle (`app.db.query(…)`) is the older rule's to refuse: one message for it, not two. */
const notRunningAStatement = ":not(CallExpression[callee.property.name='query'] > MemberExpression.callee > MemberExpression.object)";
const handedDependencies = [
  { selector: `MemberExpression[object.name='app'][property.name=${appDependency}]${notRunningAStatement}`, message: serviceObjectMessage },
  {
    selector: `MemberExpression[object.property.name='server'][property.name=${appDependency}]${notRunningAStatement}`,
    message: serviceObjectMessage,
  },
  { selector: "Property > MemberExpression.value[object.name='app'][property.name='config']", message: serviceObjectMessage },
  {
    selector: `VariableDeclarator[init.name='app'] > ObjectPattern > Property[key.name=/^(db|config|secretBox|keyFileSigner|productCache|pageCache|tableChanges)$/]`,
    message: serviceObjectMessage,
  },
];
/** The rules of a route file: no SQL (route → service), and other modules through their faces (`face`'s pattern). */
const routeRules = (face, moreSyntax = []) => ({
  '@typescript-eslint/no-restricted-imports': [
    'error',
    {
      patterns: [
        { regex: sqlModule, allowTypeImports: true, message: routeCallsServiceMessage },
        { regex: face, message: moduleFaceMessage },
      ],
    },
  ],
  'no-restricted-syntax': [
    'error',
    ...dynamicImportsOf(sqlModule, routeCallsServiceMessage),
    ...dynamicImportsOf(face, moduleFaceMessage),
    { selector: "CallExpression[callee.property.name='query'][callee.object.property.name='db']", message: routeCallsServiceMessage },
    ...moreSyntax,
  ],
});

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
      eqeqeq: ['error', 'smart'],
      // One direction of dependency: web and server both import contracts, never each other.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './apps/web', from: './apps/server', message: 'The web app talks to the server over HTTP only.' },
            { target: './apps/server', from: './apps/web', message: 'The server does not import the web app.' },
            { target: './packages/contracts', from: './apps', message: 'Contracts depend on nothing of the apps.' },
            // Features do not import each other; routes (app/) compose them.
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message: 'Features do not import each other: move the shared piece to components/ or lib/.',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Type-aware lint (typescript-eslint's type-checked rules) over the TypeScript of every workspace.
    files: typedFiles,
    extends: [tseslint.configs.recommendedTypeCheckedOnly],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // Fastify hooks and handlers, and react-query's functions, are async by contract even when they do not await.
      '@typescript-eslint/require-await': 'off',
      // JSX event handlers may start a promise; the handlers catch their own failures (checked below in tests).
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // Tests read JSON answers as `any` on purpose (the assertion checks their shape); the promise rules still hold.
    files: ['**/*.test.{ts,tsx}', '**/*.api.test.ts', 'apps/server/test/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts', '**/*.test-factory.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/restrict-template-expressions': 'off',
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
    },
  },
  {
    // Modules meet through their public faces (issue 28, decision 039): a module imports another module's index.ts,
    // never its services, repositories or other inner files, and so does the code outside the modules. Tests and
    // test factories may reach in.
    files: ['apps/server/src/modules/*/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test-factory.ts', '**/*.routes.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ regex: otherModuleInner, message: moduleFaceMessage }] }],
      'no-restricted-syntax': ['error', ...dynamicImportsOf(otherModuleInner, moduleFaceMessage)],
    },
  },
  {
    files: ['apps/server/src/**/*.ts', 'apps/server/src/**/*.tsx'],
    ignores: ['**/*.test.ts', '**/*.test-factory.ts', '**/*.routes.ts', 'apps/server/src/modules/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ regex: moduleInnerFromOutside, message: moduleFaceMessage }] }],
      'no-restricted-syntax': ['error', ...dynamicImportsOf(moduleInnerFromOutside, moduleFaceMessage)],
    },
  },
  {
    // Route → service, always: a route parses, authorises, calls one service and answers. It imports no repository
    // (its own domain's neither, which covers every other domain's) and no outbox, and runs no statement itself; and
    // it reaches other modules through their faces like any file. The mailbox's and the sandbox's routes call their
    // service objects too (decision 071).
    files: ['apps/server/src/**/*.routes.ts'],
    ignores: ['apps/server/src/modules/**'],
    rules: routeRules(moduleInnerFromOutside, handedDependencies),
  },
  {
    // A module's routes call its service object, built once in buildApp with the module's dependencies (decisions 067
    // and 071: every module's, no exceptions left).
    files: ['apps/server/src/modules/*/*.routes.ts'],
    rules: routeRules(otherModuleInner, handedDependencies),
  },
  {
    files: ['e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
);
