import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Origins the FastSpring Store Builder Library loads from and opens its popup on. */
const checkoutOrigins = ['https://*.onfastspring.com', 'https://*.fastspring.com'];

/**
 * Security headers, with a content security policy that admits the checkout script's origin and nothing else.
 * The headers are the same for every response (no nonces): helmet's middleware runs once, against a stand-in
 * response, and each request gets the headers it set (its Fastify plugin would rebuild them, CSP included, on
 * each request; even built once, its thirteen middlewares cost more than setting twelve headers).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...checkoutOrigins],
        styleSrc: ["'self'", "'unsafe-inline'", ...checkoutOrigins],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...checkoutOrigins],
        frameSrc: ["'self'", ...checkoutOrigins],
        formAction: ["'self'", ...checkoutOrigins],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    // The checkout popup is a cross-origin frame that talks back to the page.
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  });
  const headers = Object.fromEntries(headersSetBy(applyHeaders));
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}

type Middleware = (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void;

/** The headers a middleware sets on a response (helmet only sets and removes headers). */
function headersSetBy(middleware: Middleware): [string, string | string[]][] {
  const headers = new Map<string, string | string[]>();
  const response = {
    setHeader: (name: string, value: string | string[]) => headers.set(name.toLowerCase(), value),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  } as unknown as ServerResponse;
  const state: { outcome: 'pending' | 'done' | 'failed' } = { outcome: 'pending' };
  middleware({ headers: {} } as IncomingMessage, response, (error) => (state.outcome = error ? 'failed' : 'done'));
  if (state.outcome !== 'done')
    throw new Error(`The security headers middleware ${state.outcome === 'failed' ? 'failed' : 'did not finish at once'}.`);
  return [...headers];
}
