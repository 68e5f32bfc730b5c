#!/usr/bin/env node
// Builds the server to JavaScript: apps/server/dist/main.js (and the chunk it imports), an ES module bundle of the
// server's and the contracts' TypeScript (esbuild), with the packages of apps/server/package.json left as imports, so that
// `npm ci --omit=dev` and this folder start the product without TypeScript or tsx. The files the server reads
// beside its code (the SQL migrations, the sandbox's scripts) are copied next to the bundle, where
// `import.meta.dirname` finds them. `--if-needed` builds only when a source is newer than the bundle, and keeps
// an existing bundle when the build tool is not installed (a production install).
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const serverDir = path.join(root, 'apps/server');
const outDir = path.join(serverDir, 'dist');
const bundle = path.join(outDir, 'main.js');
const sources = ['apps/server/src', 'apps/server/package.json', 'packages/contracts/src', 'scripts/build-server.mjs'];

const newestChange = (target) => {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(target).map((entry) => newestChange(path.join(target, entry))));
};

const isIfNeeded = process.argv.includes('--if-needed');
const builtAt = fs.existsSync(bundle) ? fs.statSync(bundle).mtimeMs : 0;
const changedAt = Math.max(...sources.map((source) => newestChange(path.join(root, source))));
if (isIfNeeded && builtAt > 0 && changedAt <= builtAt) {
  console.log('The server build is up to date.');
  process.exit(0);
}

let esbuild;
try {
  esbuild = await import('esbuild');
} catch {
  if (builtAt > 0) {
    console.log('esbuild is not installed (a production install): starting the existing server build.');
    process.exit(0);
  }
  console.error('The server is not built and esbuild is missing: run `npm ci` and `npm run build` first.');
  process.exit(1);
}

console.log('Building the server...');
const { dependencies } = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
const external = Object.keys(dependencies)
  .filter((name) => name !== '@store/contracts')
  .flatMap((name) => [name, `${name}/*`]);
fs.rmSync(outDir, { recursive: true, force: true });
await esbuild.build({
  // The entry sets NODE_ENV for the libraries, then imports the server, which splitting keeps in a chunk of its
  // own, so that the packages it imports load after that (src/production-entry.ts).
  entryPoints: { main: path.join(serverDir, 'src/production-entry.ts') },
  outdir: outDir,
  splitting: true,
  chunkNames: 'server-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  external,
  sourcemap: true,
  logLevel: 'warning',
});
fs.cpSync(path.join(serverDir, 'src/db/migrations'), path.join(outDir, 'migrations'), { recursive: true });
fs.cpSync(path.join(serverDir, 'src/sandbox/assets'), path.join(outDir, 'assets'), { recursive: true });
console.log(`Built ${path.relative(root, bundle)}`);
