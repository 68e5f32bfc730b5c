// The resend module's public face (issue 28, decision 039): what other modules and the app may use of it.
export { resendRoutes } from './resend.routes.js';
export { createResendService, type ResendService } from './resend.service.js';
