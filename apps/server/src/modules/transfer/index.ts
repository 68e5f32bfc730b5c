// The transfer module's public face (issue 28, decision 039): what other modules and the app may use of it.
export { transferTokenSecretOf } from './transfer-token.js';
export { completeTransferFromWebhook } from './transfer-webhook.js';
export { transferRoutes } from './transfer.routes.js';
export { listTransfersOfPerson, redactTransferRefusals, refundTransferFee } from './transfer.service.js';
