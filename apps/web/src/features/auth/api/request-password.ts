import { okResponse } from '@store/contracts/auth';
import type { PasswordRequestForm } from '@store/contracts/forms';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /passwordrequest with {email}. */
export const postPasswordRequest = (values: PasswordRequestForm) =>
  apiRequest('POST', '/passwordrequest', { body: { email: values.email }, schema: okResponse });

export const usePasswordRequestMutation = () => useMutation({ mutationFn: postPasswordRequest });
