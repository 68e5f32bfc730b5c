import { okResponse } from '@store/contracts/auth';
import { idParam } from '@store/contracts/fields';
import { decodePageUrl, menuItems, page, pageList, pageSaveRequest } from '@store/contracts/page';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, createAuthHooks } from '../../plugins/auth.js';
import * as pages from './page.service.js';

/** Content pages: public reads by URL and the menu; the administrator's list and editor calls. */
export const pageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireAdmin } = createAuthHooks(app);
  const tags = ['pages'];

  app.get('/page/byUrl/:url', { schema: { tags, params: z.object({ url: z.string().max(600) }), response: { 200: page } } }, (request) =>
    pages.getPageByUrl({ pages: app.pageCache, url: decodePageUrl(request.params.url) }),
  );

  app.get('/page/menuitems', { schema: { tags, response: { 200: menuItems } } }, () => app.pageCache.menu());

  app.get('/page/', { onRequest: requireAdmin, schema: { tags, response: { 200: pageList } } }, () => pages.listPages(app.db));

  app.get('/page/:id', { onRequest: requireAdmin, schema: { tags, params: idParam, response: { 200: page } } }, (request) =>
    pages.getPage({ db: app.db, id: request.params.id }),
  );

  // A change is served at once: this process forgets its cached pages here, the others on the trigger's notification.
  app.post('/page/', { onRequest: requireAdmin, schema: { tags, body: pageSaveRequest, response: { 200: page } } }, async (request) => {
    const saved = await pages.savePage({ db: app.db, actor: actorOf(request).name, page: request.body, onChange: app.pageCache.forget });
    return saved;
  });

  app.delete(
    '/page/:id',
    { onRequest: requireAdmin, schema: { tags, params: idParam, response: { 200: okResponse } } },
    async (request) => {
      await pages.deletePage({ db: app.db, actor: actorOf(request).name, id: request.params.id, onChange: app.pageCache.forget });
      return { ok: true as const };
    },
  );
};
