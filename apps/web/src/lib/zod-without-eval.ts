// Imported first by main.tsx. Zod would otherwise try `new Function` once, when it first parses an object, which the
// site's Content-Security-Policy (script-src without 'unsafe-eval') refuses and the browser reports as an issue
// (Lighthouse, best practices). Zod reads its configuration from this global when it loads (zod/v4/core/core.js),
// so this sets `jitless` without importing Zod into the first chunk.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };
