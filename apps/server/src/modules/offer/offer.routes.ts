import { okResponse } from '@store/contracts/auth';
import { bundleQuote, bundleQuoteRequest, customerBundleList } from '@store/contracts/bundle';
import { idParam } from '@store/contracts/fields';
import { customerOfferList, offer, offerList, offerQuote, offerQuoteRequest, offerSaveRequest } from '@store/contracts/offer';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, createAuthHooks } from '../../plugins/auth.js';

/** Upgrades and crossgrades: the administrator's offers, and a customer's own offers and quoted prices (decision 036). */
export const offerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireAdmin, requireUser } = createAuthHooks(app);
  const tags = ['offers'];

  app.get('/offer/', { onRequest: requireAdmin, schema: { tags, response: { 200: offerList } } }, () => app.offers.listOffers());

  app.post('/offer/', { onRequest: requireAdmin, schema: { tags, body: offerSaveRequest, response: { 200: offer } } }, (request) =>
    app.offers.saveOffer({ actor: actorOf(request).name, offer: request.body }),
  );

  app.delete(
    '/offer/:id',
    { onRequest: requireAdmin, schema: { tags, params: idParam, response: { 200: okResponse } } },
    async (request) => {
      await app.offers.deleteOffer({ actor: actorOf(request).name, id: request.params.id });
      return { ok: true as const };
    },
  );

  app.get(
    '/userinfo/offers',
    {
      onRequest: requireUser,
      schema: {
        tags,
        querystring: z.object({ productId: z.coerce.number().int().positive().optional() }),
        response: { 200: customerOfferList },
      },
    },
    (request) => app.offers.listCustomerOffers({ caller: actorOf(request), targetProductId: request.query.productId }),
  );

  app.post(
    '/userinfo/offers/quote',
    { onRequest: requireUser, schema: { tags, body: offerQuoteRequest, response: { 200: offerQuote } } },
    (request) => app.offers.quoteOffer({ caller: actorOf(request), request: request.body }),
  );

  app.get(
    '/userinfo/bundles',
    {
      onRequest: requireUser,
      schema: {
        tags,
        querystring: z.object({ productId: z.coerce.number().int().positive().optional() }),
        response: { 200: customerBundleList },
      },
    },
    (request) => app.offers.listCustomerBundles({ caller: actorOf(request), bundleProductId: request.query.productId }),
  );

  app.post(
    '/userinfo/bundles/quote',
    { onRequest: requireUser, schema: { tags, body: bundleQuoteRequest, response: { 200: bundleQuote } } },
    (request) => app.offers.quoteBundle({ caller: actorOf(request), request: request.body }),
  );
};
