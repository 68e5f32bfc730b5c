// The trial module's public face (issue 28, decision 039): what other modules and the app may use of it.
export { trialRoutes } from './trial.routes.js';
export { createTrialService, eraseTrialsOfHolder, listTrialsOfHolder, type TrialService } from './trial.service.js';
