// The activation module's public face (issue 28, decision 039): what other modules and the app may use of it.
export { activationRoutes } from './activation.routes.js';
export {
  activationPerIp,
  createActivationService,
  invalidActivationKeyMessage,
  isActivationKeyShaped,
  redeemActivationKey,
  setRedeemedOrder,
  type ActivationService,
} from './activation.service.js';
