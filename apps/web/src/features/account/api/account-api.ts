import {
  accountStatus,
  confirmAccountResponse,
  twoFactorRecoveryCodes,
  twoFactorSetup,
  type AccountStatus,
  type ConfirmAccountResponse,
} from '@store/contracts/account';
import { okResponse } from '@store/contracts/auth';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /account: whether the login proved its address and uses two-factor login. */
export const getAccountStatus = (signal?: AbortSignal): Promise<AccountStatus> =>
  apiRequest('GET', '/account', { schema: accountStatus, auth: true, signal });

export const useAccountStatus = (userName: string) =>
  useQuery({ queryKey: queryKeys.account.status(userName), queryFn: ({ signal }) => getAccountStatus(signal) });

/** POST /account/confirmation: mails the confirmation link again. */
export const useResendConfirmationMutation = () =>
  useMutation({ mutationFn: () => apiRequest('POST', '/account/confirmation', { schema: okResponse, auth: true }) });

/** POST /account/confirm: opens a mailed link, with the password to set when this browser is not its login's. */
export const confirmAccount = (body: { token: string; password?: string }): Promise<ConfirmAccountResponse> =>
  apiRequest('POST', '/account/confirm', { body, schema: confirmAccountResponse, auth: true });

/** Two-factor login: set-up (a secret), enabling with the app's first code (the recovery codes), and turning off. */
export function useTwoFactorMutations(userName: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.account.status(userName) });
  return {
    setUp: useMutation({ mutationFn: () => apiRequest('POST', '/account/twofactor/setup', { schema: twoFactorSetup, auth: true }) }),
    enable: useMutation({
      mutationFn: (code: string) =>
        apiRequest('POST', '/account/twofactor/enable', { body: { code }, schema: twoFactorRecoveryCodes, auth: true }),
      onSuccess: refresh,
    }),
    disable: useMutation({
      mutationFn: (body: { password: string; code: string }) =>
        apiRequest('POST', '/account/twofactor/disable', { body, schema: okResponse, auth: true }),
      onSuccess: refresh,
    }),
  };
}
