import { okResponse } from '@store/contracts/auth';
import { idParam } from '@store/contracts/fields';
import {
  adminReleaseList,
  publishedRelease,
  publishReleaseRequest,
  releaseRecipientCount,
  releaseRecipientsQuery,
  unsubscribeQuery,
} from '@store/contracts/release';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, createAuthHooks } from '../../plugins/auth.js';

const productParams = z.object({ productId: idParam.shape.id });

/**
 * Publishing a release, its list and how many owners it would mail (administrator), and the one-click
 * unsubscribe of its mail (no login, RFC 8058).
 */
export const releaseMailRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireAdmin } = createAuthHooks(app);
  const tags = ['products'];

  app.get(
    '/product/:productId/releases',
    { onRequest: requireAdmin, schema: { tags, params: productParams, response: { 200: adminReleaseList } } },
    (request) => app.releases.listReleases({ productId: request.params.productId }),
  );

  app.get(
    '/product/:productId/releases/recipients',
    {
      onRequest: requireAdmin,
      schema: { tags, params: productParams, querystring: releaseRecipientsQuery, response: { 200: releaseRecipientCount } },
    },
    (request) => app.releases.countReleaseRecipients({ productId: request.params.productId, channel: request.query.channel }),
  );

  app.post(
    '/product/:productId/releases',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        params: productParams,
        body: publishReleaseRequest,
        response: { 200: publishedRelease },
      },
    },
    (request) => app.releases.publishRelease({ actor: actorOf(request).name, productId: request.params.productId, request: request.body }),
  );

  // A mail client posts `List-Unsubscribe=One-Click` form-encoded; the web page posts nothing. The body says nothing
  // the token does not, so it is read as text and ignored.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => {
    done(null, undefined);
  });
  app.post(
    '/release-mail/unsubscribe',
    { schema: { tags: ['customer area'], querystring: unsubscribeQuery, response: { 200: okResponse } } },
    async (request) => {
      await app.releases.unsubscribeFromReleaseMail({ token: request.query.token });
      return { ok: true as const };
    },
  );
};
