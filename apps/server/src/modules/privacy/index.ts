// The privacy module's public face (issue 28, decision 039): what other modules and the app may use of it.
export { privacyRoutes } from './privacy.routes.js';
export { createPrivacyService, type PrivacyService } from './privacy.service.js';
