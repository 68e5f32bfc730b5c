// The checkout module's public face (issue 28, decision 039): what other modules and the app may use of it.
export { orderLicenceItemsOf, orderLinesOf, readOrderCatalogue, type LicenceItem } from './bundle-items.js';
export { catalogRoutes } from './catalog.routes.js';
export {
  recordChargebackGivenBack,
  revokeChargedBackPurchase,
  revokeLicencesOfChargeback,
  type ChargebackLeft,
} from './chargeback-created.service.js';
export { createCheckoutService, type CheckoutService } from './checkout-service.js';
export { checkoutRoutes } from './checkout.routes.js';
export {
  deleteLoyaltyCodesOfPerson,
  forgetAddressOfPurchases,
  listLoyaltyCodesOfPerson,
  redactWebhookEventsOf,
} from './customer-data.service.js';
export { customerOrderRoutes } from './customer-orders.routes.js';
export { orderDetailRoutes } from './order-detail.routes.js';
export { listPurchasesOfPerson } from './customer-orders.service.js';
export { sandboxApiUserOf } from './fastspring-api.js';
export { currencyOf, orderTimeOf, payerOf, recipientOf, transferFeeOf, type OrderParty } from './order-completed-data.js';
export { isLoyaltyCode, isLoyaltyCodeOf, isOpenLoyaltyCode, useLoyaltyCode } from './loyalty.service.js';
export { providerDataWithoutPerson } from './provider-data-redaction.js';
export { findWaitingReturnsOfOrder, lockPurchase, recordProviderOrder, resolveWebhookEvent } from './provider-order.repository.js';
export {
  describeReturn,
  mailRefundToPayer,
  recordReturn,
  refundAmountsOfPurchase,
  refundLicencesOfRecordedReturns,
  refundReturnedLicences,
  startReturn,
  transferFeeRefundOf,
  type ReturnOutcome,
} from './return-created.service.js';
export { createReconcileTask, isReconcileScheduled, RECONCILE_TASK, reconcileApiOf, reconcileCrontabLine } from './reconcile-job.js';
export { webhookAdminRoutes } from './webhook-admin.routes.js';
export { getWebhookEvent, lockStoredEvent, readStoredEvent, settleReplayedEvent } from './webhook-admin.service.js';
export { recordEventAudit } from './webhook-audit.js';
export {
  returnCreatedData,
  type ChargebackCreatedData,
  type OrderCompletedData,
  type ReturnCreatedData,
  type WebhookEvent,
} from './webhook-payload.js';
export { signWebhookBody, webhookSecretOf } from './webhook-signature.js';
export { findEventOfOrder, processEvent, type ReplayOptions } from './webhook.service.js';
export { accountClaimHashOf } from './purchase-account.service.js';
