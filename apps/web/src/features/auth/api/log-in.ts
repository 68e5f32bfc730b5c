import { currentUser, type CurrentUser } from '@store/contracts/auth';
import type { LoginForm } from '@store/contracts/forms';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /login/ with {username, password}: answers the user to store. `otp`, the second factor, is sent only by
 * logins that turned two-factor login on (after the server asked for it).
 */
export const postLogin = (values: LoginForm & { otp?: string }): Promise<CurrentUser> =>
  apiRequest('POST', '/login/', {
    body: { username: values.username, password: values.password, ...(values.otp ? { otp: values.otp } : {}) },
    schema: currentUser,
  });

export const useLogInMutation = () => useMutation({ mutationFn: postLogin });
