// The transfer module's public face (issue 28, decision 039): what other modules and the app may use of it.
export { findTransferTag } from './transfer-tag.js';
export { readTransferToken, transferTokenSecretOf } from './transfer-token.js';
export { completeTransferFromWebhook } from './transfer-webhook.js';
export { transferRoutes } from './transfer.routes.js';
export {
  createTransferService,
  hasTransferOfProviderOrder,
  insertTransferRecord,
  listTransfersOfPerson,
  lockLicences,
  lockProviderOrder,
  moveLicence,
  recordTransferRefusal,
  redactTransferRefusals,
  refundTransferFee,
  type TransferFee,
  type TransferService,
} from './transfer.service.js';
