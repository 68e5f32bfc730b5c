// The activation module's public face (issue 28, decision 039): what other modules and the app may use of it.
export { activationRoutes } from './activation.routes.js';
export {
  activationPerIp,
  invalidActivationKeyMessage,
  isActivationKeyShaped,
  redeemActivationKey,
  setRedeemedOrder,
} from './activation.service.js';
