// The dashboard module's public face (issue 28, decision 039): what other modules and the app may use of it.
export { foldRollupShards } from './dashboard.repository.js';
export { dashboardRoutes } from './dashboard.routes.js';
export { createDashboardService, type DashboardService } from './dashboard.service.js';
