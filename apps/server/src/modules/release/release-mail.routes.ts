import { okResponse } from '@store/contracts/auth';
import { idParam } from '@store/contracts/fields';
import { publishedRelease, publishReleaseRequest, unsubscribeQuery } from '@store/contracts/release';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, createAuthHooks } from '../../plugins/auth.js';
import * as releaseMail from './release-mail.service.js';

/** Publishing a release (administrator) and the one-click unsubscribe of its mail (no login, RFC 8058). */
export const releaseMailRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireAdmin } = createAuthHooks(app);

  app.post(
    '/product/:productId/releases',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['products'],
        params: z.object({ productId: idParam.shape.id }),
        body: publishReleaseRequest,
        response: { 200: publishedRelease },
      },
    },
    (request) =>
      releaseMail.publishRelease({ db: app.db, actor: actorOf(request).name, productId: request.params.productId, request: request.body }),
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
      await releaseMail.unsubscribeFromReleaseMail({ db: app.db, config: app.config, token: request.query.token });
      return { ok: true as const };
    },
  );
};
