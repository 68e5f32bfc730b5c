import { juceUnlockRequest } from '@store/contracts/licence';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { formatUnlockError, formatUnlockSuccess } from '../../licensing/juce-unlock-reply.js';
import { unlockWithLogin } from './juce-unlock.service.js';

const XML = 'text/xml; charset=utf-8';
const FORM_BODY_LIMIT = 16 * 1024;

/**
 * POST /juce/unlock, JUCE's online unlock protocol: a form-encoded body and an XML answer, always with HTTP 200
 * (JUCE reads only the body). Encapsulated, so its form parser and XML error replies apply to this route only.
 */
export const juceUnlockRoutes: FastifyPluginAsyncZod = async (app) => {
  // JUCE sends `name=value&...` with %20 for spaces and a bare `pw` for an empty password; URLSearchParams reads both.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.setErrorHandler((error: FastifyError, request, reply) => {
    let message = 'The unlock request could not be read. Please update the plug-in or contact its vendor.';
    if (error instanceof AppError) message = error.message;
    else if ((error.statusCode ?? 500) >= 500) {
      request.log.error({ err: error }, 'juce unlock failed');
      message = 'Something went wrong on our side. Please try again later.';
    }
    return reply.status(200).type(XML).send(formatUnlockError(message));
  });

  app.post(
    '/juce/unlock',
    { schema: { tags: ['licence server'], body: juceUnlockRequest, consumes: ['application/x-www-form-urlencoded'] } },
    async (request, reply) => {
      const grant = await unlockWithLogin({
        db: app.db,
        products: app.productCache,
        secretBox: app.secretBox,
        signer: app.keyFileSigner,
        fields: request.body,
        ip: request.ip,
        publicUrl: app.config.PUBLIC_URL ?? 'our website',
      });
      return reply.type(XML).send(formatUnlockSuccess(grant.message, grant.keyFile));
    },
  );
};
