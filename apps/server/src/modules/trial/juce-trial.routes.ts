import { juceTrialRequest } from '@store/contracts/trial';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formatUnlockSuccess } from '../../licensing/juce-unlock-reply.js';
import { acceptJuceForms, JUCE_XML } from '../../plugins/juce-form.js';
import { describeTrial, startTrial } from './trial.service.js';

/**
 * POST /juce/trial: a plug-in asks for a trial of its computer, in the style of JUCE's online unlock (form fields
 * product, mach, os and an optional email; an XML reply `<MESSAGE message=".."><KEY>..</KEY></MESSAGE>` or
 * `<ERROR error=".."/>`, always HTTP 200). No account. Encapsulated like /juce/unlock, for its parser and errors.
 */
export const juceTrialRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptJuceForms(app, 'trial');

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
      return reply.type(JUCE_XML).send(formatUnlockSuccess(describeTrial(grant), grant.keyFile));
    },
  );
};
