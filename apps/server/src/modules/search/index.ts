// The search module's public face (issue 28, decision 039): what other modules and the app may use of it.
export { searchRoutes } from './search.routes.js';
export { createSearchService, type SearchService } from './search.service.js';
