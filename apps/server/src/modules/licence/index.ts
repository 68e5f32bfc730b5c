// The licence module's public face (issue 28, decision 039): what other modules and the app may use of it.
export { licenceRoutes } from './licence.routes.js';
export { createLicenceService, findPersonIdOfLogin, findPersonOfLogin, type LicenceService } from './licence.service.js';
