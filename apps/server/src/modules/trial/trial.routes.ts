import { idParam } from '@store/contracts/fields';
import { juceTrialRequest, trialList, trialListQuery, webTrialRequest, webTrialResponse } from '@store/contracts/trial';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createAuthHooks } from '../../plugins/auth.js';
import { juceFormPlugin } from '../../plugins/juce-form.js';
import { describeTrial } from './trial.service.js';

/** Trials: the plug-ins' endpoint, the website's trial by Device ID, and the administrator's list per product. */
export const trialRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireAdmin } = createAuthHooks(app);

  app.post(
    '/trial',
    { schema: { tags: ['licence server'], body: webTrialRequest, response: { 200: webTrialResponse } } },
    async (request) => {
      const grant = await app.trials.startTrial({
        ip: request.ip,
        productName: request.body.ProductName,
        deviceId: request.body.DeviceIdHash,
        email: request.body.Email,
        deviceName: 'Website',
        source: 'web',
        isExactNameRequired: false,
      });
      return { productName: grant.product.name, keyFile: grant.keyFile, expiresAt: grant.expiresAt.toISOString(), isNew: grant.isNew };
    },
  );

  app.get(
    '/product/:id/trials',
    { onRequest: requireAdmin, schema: { tags: ['products'], params: idParam, querystring: trialListQuery, response: { 200: trialList } } },
    (request) => app.trials.listProductTrials({ productId: request.params.id, page: request.query.page, pageSize: request.query.pageSize }),
  );

  // POST /juce/trial: a plug-in asks for a trial of its computer in the style of JUCE's online unlock (form fields
  // product, mach, os and an optional email; an expiring key in the XML reply, plugins/juce-form.ts). No account.
  await app.register(
    juceFormPlugin('trial', (_scoped, route) => {
      route('/juce/trial', juceTrialRequest, async (request) => {
        const grant = await app.trials.startTrial({
          ip: request.ip,
          productName: request.body.product.trim(),
          deviceId: request.body.mach.trim(),
          email: request.body.email.trim(),
          deviceName: request.body.os.trim(),
          source: 'plugin',
          isExactNameRequired: true,
        });
        return { message: describeTrial(grant), keyFile: grant.keyFile };
      });
    }),
  );
};
