// The built server's entry (scripts/build-server.mjs makes it dist/main.js). Third-party libraries choose their
// production build by NODE_ENV when they load: React's server renderer, which renders every mail, runs several times
// faster so. It must be set before they load, so the rest of the server is imported after it. The server's own
// code never reads NODE_ENV (config.ts reads the configuration).
process.env.NODE_ENV ??= 'production';
// Tracing (OpenTelemetry, decision 038) patches pg and must exist before the app is built, so it starts before the
// server is imported; when it is not configured, nothing of it is loaded.
const { isTracingConfigured } = await import('./config.js');
if (isTracingConfigured()) {
  const { startTracing } = await import('./tracing/start-tracing.js');
  startTracing();
}
await import('./main.js');
