import { juceTrialRequest } from '@store/contracts/trial';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { formatUnlockError, formatUnlockSuccess } from '../../licensing/juce-unlock-reply.js';
import { describeTrial, startTrial } from './trial.service.js';

const XML = 'text/xml; charset=utf-8';
const FORM_BODY_LIMIT = 16 * 1024;

/**
 * POST /juce/trial: a plug-in asks for a trial of its computer, in the style of JUCE's online unlock (form fields
 * product, mach, os and an optional email; an XML reply `<MESSAGE message=".."><KEY>..</KEY></MESSAGE>` or
 * `<ERROR error=".."/>`, always HTTP 200). No account. Encapsulated like /juce/unlock, for its parser and errors.
 */
export const juceTrialRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.setErrorHandler((error: FastifyError, request, reply) => {
    let message = 'The trial request could not be read. Please update the plug-in or contact its vendor.';
    if (error instanceof AppError) message = error.message;
    else if ((error.statusCode ?? 500) >= 500) {
      request.log.error({ err: error }, 'juce trial failed');
      message = 'Something went wrong on our side. Please try again later.';
    }
    return reply.status(200).type(XML).send(formatUnlockError(message));
  });

  app.post(
    '/juce/trial',
    { schema: { tags: ['licence server'], body: juceTrialRequest, consumes: ['application/x-www-form-urlencoded'] } },
    async (request, reply) => {
      const grant = await startTrial({
        db: app.db,
        products: app.productCache,
        secretBox: app.secretBox,
        signer: app.keyFileSigner,
        ip: request.ip,
        productName: request.body.product.trim(),
        deviceId: request.body.mach.trim(),
        email: request.body.email.trim(),
        deviceName: request.body.os.trim(),
        source: 'plugin',
        isExactNameRequired: true,
      });
      return reply.type(XML).send(formatUnlockSuccess(describeTrial(grant), grant.keyFile));
    },
  );
};
