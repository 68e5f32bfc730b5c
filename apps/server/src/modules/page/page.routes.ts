import { okResponse } from '@store/contracts/auth';
import { idParam } from '@store/contracts/fields';
import { decodePageUrl, menuItems, page, pageList, pageSaveRequest } from '@store/contracts/page';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, createAuthHooks } from '../../plugins/auth.js';

/** Content pages: public reads by URL and the menu; the administrator's list and editor calls. */
export const pageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireAdmin } = createAuthHooks(app);
  const tags = ['pages'];

  app.get('/page/byUrl/:url', { schema: { tags, params: z.object({ url: z.string().max(600) }), response: { 200: page } } }, (request) =>
    app.pages.getPageByUrl(decodePageUrl(request.params.url)),
  );

  app.get('/page/menuitems', { schema: { tags, response: { 200: menuItems } } }, () => app.pages.menu());

  app.get('/page/', { onRequest: requireAdmin, schema: { tags, response: { 200: pageList } } }, () => app.pages.listPages());

  app.get('/page/:id', { onRequest: requireAdmin, schema: { tags, params: idParam, response: { 200: page } } }, (request) =>
    app.pages.getPage(request.params.id),
  );

  // A change is served at once: the service forgets this process's cached pages, the others hear the trigger.
  app.post('/page/', { onRequest: requireAdmin, schema: { tags, body: pageSaveRequest, response: { 200: page } } }, async (request) => {
    return app.pages.savePage(actorOf(request).name, request.body);
  });

  app.delete(
    '/page/:id',
    { onRequest: requireAdmin, schema: { tags, params: idParam, response: { 200: okResponse } } },
    async (request) => {
      await app.pages.deletePage(actorOf(request).name, request.params.id);
      return { ok: true as const };
    },
  );
};
