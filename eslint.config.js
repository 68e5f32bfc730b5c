import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeatures = ['auth', 'session', 'content', 'checkout', 'licences', 'admin', 'support', 'activation', 'transfer', 'mailbox', 'send-key', 'trial', 'downloads', 'account'];

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
    // Domains meet through services, never through each other's repositories (STYLE 15): SQL about a domain's
    // tables lives in its own repository, and other domains call what its service publishes. Type imports (the
    // row shapes) are allowed; tests and test factories may reach in.
    files: ['apps/server/src/**/*.ts', 'apps/server/src/**/*.tsx'],
    ignores: ['**/*.test.ts', '**/*.test-factory.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^(\.\./)+(modules/)?[a-z-]+/[a-z-]+\.repository\.js$`,
              allowTypeImports: true,
              message: "Another domain's repository: call its service instead (add the query there if it is missing).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
);
