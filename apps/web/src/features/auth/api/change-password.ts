import { okResponse } from '@store/contracts/auth';
import type { PasswordChangeForm } from '@store/contracts/forms';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /passwordchange with {NewPassword}, bearer token. */
export const postPasswordChange = (values: PasswordChangeForm) =>
  apiRequest('POST', '/passwordchange', { body: { NewPassword: values.password }, schema: okResponse, auth: true });

export const usePasswordChangeMutation = () => useMutation({ mutationFn: postPasswordChange });
