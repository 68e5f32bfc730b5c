// The audit module's public face (issue 28, decision 039): what other modules and the app may use of it.
export { auditRoutes } from './audit.routes.js';
export {
  createAuditService,
  listAuditedActionTimes,
  listAuditEntriesAbout,
  recordAudit,
  redactAuditEntriesOf,
  type AuditService,
} from './audit.service.js';
