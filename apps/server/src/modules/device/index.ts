// The device module's public face (issue 28, decision 039): what other modules and the app may use of it.
export { findDeviceIdProblem } from './device-id.js';
export { deviceRoutes } from './device.routes.js';
export {
  countReleasesThisYear,
  deleteDeviceById,
  deleteDevicesOfLicences,
  findDeviceNameOfPerson,
  listDevicesOfOrders,
  listReleasesOfOrders,
  releaseDeviceWithCode,
  releaseOwnDevice,
  renameDeviceOfPerson,
  setDeviceKeyFile,
  toDevice,
} from './device.service.js';
export { readProductKeyFile } from './licence-key-match.js';
