import { afterEach } from 'vitest';

// Set up for every unit test file (vitest.config.ts). A file that renders in jsdom unmounts what it rendered after
// each test: Testing Library does that by itself only with Vitest's globals, which this project leaves off.
if (typeof document !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  afterEach(cleanup);
  // findBy… and waitFor wait for a condition; on a loaded 2-core machine a render can take seconds, so the ceiling is
  // generous (a passing test never waits for it).
  configure({ asyncUtilTimeout: 10_000 });
}
