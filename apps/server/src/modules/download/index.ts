// The download module's public face (issue 28, decision 039): what other modules and the app may use of it.
export { downloadRoutes } from './download.routes.js';
export { createDownloadService, type DownloadService } from './download.service.js';
