import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { bindDependencies } from '../../lib/service-object.js';
import { siteUrlOf } from '../../mail/customer-templates.js';
import { confirmAccount, resendConfirmationLink } from './account-link.service.js';
import { changePassword, deleteLogin, logIn, logOut, register, requestPassword } from './auth.service.js';
import { inviteStaff, listStaff, setStaffRole } from './staff.service.js';
import { disableTwoFactor, enableTwoFactor, getAccountStatus, setUpTwoFactor } from './two-factor.service.js';

/**
 * The auth module's service, built once by `buildApp` with its database, secret box and the site's address for the
 * mailed links (decision 067): logins and passwords, the account's proof of address and two-factor login, and the
 * staff list.
 */
export function createAuthService(deps: { db: Db; secretBox: SecretBox; config: Config }) {
  const { db, secretBox, config } = deps;
  return {
    ...bindDependencies(
      { db, secretBox, siteUrl: siteUrlOf(config) },
      {
        logIn,
        register,
        requestPassword,
        changePassword,
        logOut,
        deleteLogin,
        getAccountStatus,
        setUpTwoFactor,
        enableTwoFactor,
        disableTwoFactor,
        confirmAccount,
        resendConfirmationLink,
        inviteStaff,
        setStaffRole,
      },
    ),
    listStaff: () => listStaff(db),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
