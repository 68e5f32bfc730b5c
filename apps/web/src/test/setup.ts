import { afterEach } from 'vitest';

// Set up for every unit test file (vitest.config.ts). A file that renders in jsdom unmounts what it rendered after
// each test: Testing Library does that by itself only with Vitest's globals, which this project leaves off.
if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  afterEach(cleanup);
}
