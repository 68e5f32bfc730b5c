// The device module's public face (issue 28, decision 039): what other modules and the app may use of it.
export { findDeviceIdProblem } from './device-id.js';
export type { SignedKeyFile } from './device-registration.js';
export type { LicenceCandidate } from './device.repository.js';
export { createDeviceService, type DeviceService } from './device-service.js';
export { deviceRoutes } from './device.routes.js';
export {
  countReleasesThisYear,
  deleteDeviceById,
  deleteDevicesOfLicences,
  deviceRegistrationPerIp,
  findDeviceOfLicence,
  forgetComputersOfReleases,
  findDeviceNameOfPerson,
  findLicencesByKeyText,
  findLicencesBySerial,
  findLicencesOfPerson,
  isDeviceOfPerson,
  listDevicesOfOrders,
  listReleasesOfOrders,
  noActiveLicenceMessage,
  registerDeviceOnLicences,
  registerWithSignedKey,
  removeDoublePlace,
  renewModuleKey,
  releaseDeviceWithCode,
  releaseOwnDevice,
  renameDeviceOfPerson,
  setDeviceKeyFile,
  toDevice,
  unknownProductMessage,
} from './device.service.js';
export {
  findEndedLicenceRefusal,
  notRenewableMessage,
  readModuleKey,
  readRenewableKey,
  removedComputerRefusal,
  renewedMessage,
} from './juce-renew.service.js';
export { compactKey, isKeyFileOfComputer, otherComputersKeyFileMessage, readProductKeyFile } from './licence-key-match.js';
