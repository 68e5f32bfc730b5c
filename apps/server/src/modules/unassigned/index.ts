// The unassigned module's public face (issue 28, decision 039): what other modules and the app may use of it.
export { batchRoutes } from './batch.routes.js';
export { unassignedRoutes } from './unassigned.routes.js';
export { createUnassignedService, listCodesRedeemedFor, type UnassignedService } from './unassigned.service.js';
