// The outbound-webhook module's public face (issue 28, decision 039): what other modules and the app may use of it.
export { outboundWebhookRoutes } from './outbound-webhook.routes.js';
export {
  createOutboundWebhookService,
  emitWebhookEvent,
  listDeviceIdsInWebhookMessages,
  purgeOldWebhookEvents,
  redactWebhookMessagesOf,
  type LicenceHolding,
  type OutboundWebhookService,
} from './outbound-webhook.service.js';
export { createDeliverWebhookTask, DELIVER_WEBHOOK_TASK } from './webhook-delivery.js';
