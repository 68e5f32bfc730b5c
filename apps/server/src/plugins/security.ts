import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

/** Origins the FastSpring Store Builder Library loads from and opens its popup on. */
const checkoutOrigins = ['https://*.onfastspring.com', 'https://*.fastspring.com'];

/**
 * Security headers, with a content security policy that admits the checkout script's origin and nothing else.
 * Helmet's middleware is built once and applied to every response (its Fastify plugin would rebuild it, CSP
 * included, on each request).
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
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
