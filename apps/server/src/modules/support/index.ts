// The support module's public face (issue 28, decision 039): what other modules and the app may use of it.
export { supportRoutes } from './support.routes.js';
export { createSupportService, deleteSupportRequestsOf, listSupportRequestsOf, type SupportService } from './support.service.js';
