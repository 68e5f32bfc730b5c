// The release module's public face (issue 28, decision 039): what other modules and the app may use of it.
export { releaseMailRoutes } from './release-mail.routes.js';
export { SEND_RELEASE_MAIL_TASK, sendReleaseMail } from './release-mail.service.js';
export { releaseRoutes } from './release.routes.js';
export { createReleaseService, type ReleaseService } from './release.service.js';
