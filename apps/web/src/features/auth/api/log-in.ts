import { currentUser, type CurrentUser } from '@store/contracts/auth';
import type { LoginForm } from '@store/contracts/forms';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /login/ with {username, password}: answers the user to store. */
export const postLogin = (values: LoginForm): Promise<CurrentUser> =>
  apiRequest('POST', '/login/', { body: { username: values.username, password: values.password }, schema: currentUser });

export const useLogInMutation = () => useMutation({ mutationFn: postLogin });
