import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The web app's source folder, which the one-copy guards (issue 28) read. */
const source = path.resolve(import.meta.dirname, '..');

/**
 * The web app's own source files (`.ts` and `.tsx`, or `.tsx` only), by their path below `src/` with forward
 * slashes; tests and the test helpers left out.
 */
export function appSourceFiles(options: { tsxOnly?: boolean } = {}): string[] {
  const extension = options.tsxOnly ? /\.tsx$/ : /\.tsx?$/;
  return readdirSync(source, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => extension.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith('test/'));
}

/** The text of a file named as appSourceFiles names it. */
export const readAppSourceFile = (file: string): string => readFileSync(path.join(source, file), 'utf8');
