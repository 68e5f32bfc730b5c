// The api-key module's public face (issue 28, decision 039): what other modules and the app may use of it.
export { type ApiKeyPolicy } from './api-key.policy.js';
export { apiKeyRoutes } from './api-key.routes.js';
export { type ApiKeyCaller, useApiKey } from './api-key.service.js';
export { scriptApiRoutes } from './script-api.routes.js';
export { createApiKeyService, type ApiKeyService } from './script-api.service.js';
