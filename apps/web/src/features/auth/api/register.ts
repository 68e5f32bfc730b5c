import { currentUser, type CurrentUser } from '@store/contracts/auth';
import type { RegisterForm } from '@store/contracts/forms';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /register with {email, password}: the answer is the signed-in user (automatic login). */
export const postRegister = (values: RegisterForm): Promise<CurrentUser> =>
  apiRequest('POST', '/register', { body: { email: values.email, password: values.password }, schema: currentUser });

export const useRegisterMutation = () => useMutation({ mutationFn: postRegister });
