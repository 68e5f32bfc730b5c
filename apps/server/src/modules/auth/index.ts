// The auth module's public face (issue 28, decision 039): what other modules and the app may use of it.
export { signInLinkFor } from './account-link.service.js';
export { accountRoutes } from './account.routes.js';
export { createAuthService, type AuthService } from './auth-service.js';
export { type CustomerCaller, type SessionActor } from './auth.repository.js';
export { authRoutes } from './auth.routes.js';
export {
  deleteCustomerLoginById,
  deleteLoginsOfErasedPerson,
  describeLogin,
  findSessionActor,
  isStaffLoginName,
  listLoginsOfPerson,
  purgeExpiredSessions,
} from './auth.service.js';
export { checkCredentials, WRONG_CREDENTIALS } from './credentials.js';
export { createDeviceCookies } from './device-cookie.js';
export { generatePassword, hashPassword } from './password.js';
export { screenAccessRoutes } from './screen-access.routes.js';
export { staffRoutes } from './staff.routes.js';
export { encodeBase32 } from './totp.js';
export { confirmAccountOwner, isTwoFactorEnabled, type OwnerProof } from './two-factor.service.js';
