// The health module's public face (issue 28, decision 039): what other modules and the app may use of it.
export { healthRoutes } from './health.routes.js';
export { createHealthService, type HealthService } from './health.service.js';
