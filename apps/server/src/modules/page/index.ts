// The page module's public face (issue 28, decision 039): what other modules and the app may use of it.
export { createPageCache, type PageCache } from './page-cache.js';
export { pageRoutes } from './page.routes.js';
export { createPageService, normalizePageUrl, type PageService } from './page.service.js';
