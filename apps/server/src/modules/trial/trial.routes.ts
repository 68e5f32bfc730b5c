import { idParam } from '@store/contracts/fields';
import { trialList, trialListQuery, webTrialRequest, webTrialResponse } from '@store/contracts/trial';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createAuthHooks } from '../../plugins/auth.js';
import { juceTrialRoutes } from './juce-trial.routes.js';
import { listProductTrials, startTrial } from './trial.service.js';

/** Trials: the plug-ins' endpoint, the website's trial by Device ID, and the administrator's list per product. */
export const trialRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireAdmin } = createAuthHooks(app);

  app.post(
    '/trial',
    { schema: { tags: ['licence server'], body: webTrialRequest, response: { 200: webTrialResponse } } },
    async (request) => {
      const grant = await startTrial({
        db: app.db,
        products: app.productCache,
        secretBox: app.secretBox,
        signer: app.keyFileSigner,
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
    (request) =>
      listProductTrials({ db: app.db, productId: request.params.id, page: request.query.page, pageSize: request.query.pageSize }),
  );

  await app.register(juceTrialRoutes);
};
