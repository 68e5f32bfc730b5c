// The order module's public face (issue 28, decision 039): what other modules and the app may use of it.
export {
  createDeviceKeyFile,
  createLicenceKeys,
  createModuleKeyFile,
  createTrialKeyFile,
  canSignKeyFiles,
  isSignedWithCurrentKey,
} from './licence-keys.js';
export { listDevicesOfOrder, listOrdersOfPerson } from './order-admin.service.js';
export { issueOrder } from './order-issue.service.js';
export { orderListRoutes } from './order-list.routes.js';
export { createOrderService, type OrderService } from './order-service.js';
export { listAllOrders } from './order-list.service.js';
export { kindColumns as orderKindColumns, toOrderListRow, type OrderListDbRow } from './order-list.repository.js';
export { type OrderRow, type OrderState } from './order.repository.js';
export { orderRoutes } from './order.routes.js';
export {
  emitLicencesRevoked,
  endLicencesOfErasedPerson,
  findOrderById,
  listLicenceRecordsOfPerson,
  retireSerialOfOrder,
  setOrderKeys,
  takeSerial,
} from './order.service.js';
export { replaceKeysRoutes } from './replace-keys.routes.js';
