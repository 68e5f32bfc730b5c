/**
 * A paid licence transfer, completed from the order's webhook: a flow (flows/transfer.flow.ts), which the
 * order-completed flow reaches through this module's face by this name.
 */
export { completePaidTransferFlow as completeTransferFromWebhook } from '../../flows/transfer.flow.js';
