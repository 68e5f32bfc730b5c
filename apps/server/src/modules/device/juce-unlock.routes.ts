import { juceRenewRequest, juceUnlockRequest } from '@store/contracts/licence';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formatUnlockSuccess } from '../../licensing/juce-unlock-reply.js';
import { acceptJuceForms, JUCE_XML } from '../../plugins/juce-form.js';
import { renewKey } from './juce-renew.service.js';
import { unlockWithLogin } from './juce-unlock.service.js';

/**
 * POST /juce/unlock, JUCE's online unlock protocol: a form-encoded body and an XML answer, always with HTTP 200
 * (JUCE reads only the body); and POST /juce/renew, the renewal of clients/juce's expiring keys in the same form
 * (decision 041). Encapsulated, so its form parser and XML error replies apply to these routes only.
 */
export const juceUnlockRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptJuceForms(app, 'unlock');

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
      return reply.type(JUCE_XML).send(formatUnlockSuccess(grant.message, grant.keyFile));
    },
  );

  app.post(
    '/juce/renew',
    { schema: { tags: ['licence server'], body: juceRenewRequest, consumes: ['application/x-www-form-urlencoded'] } },
    async (request, reply) => {
      const grant = await renewKey({
        db: app.db,
        products: app.productCache,
        secretBox: app.secretBox,
        signer: app.keyFileSigner,
        fields: request.body,
      });
      return reply.type(JUCE_XML).send(formatUnlockSuccess(grant.message, grant.keyFile));
    },
  );
};
