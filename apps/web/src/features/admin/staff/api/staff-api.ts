import { okResponse } from '@store/contracts/auth';
import { staffList, type StaffInviteRequest, type StaffRole } from '@store/contracts/staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';

/** GET /staff: the staff logins. */
export const useStaff = () =>
  useQuery({
    queryKey: queryKeys.admin.staff,
    queryFn: ({ signal }) => apiRequest('GET', '/staff', { schema: staffList, auth: true, signal }),
  });

/** Invite, change role, remove: each refreshes the list. */
export function useStaffMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.staff });
  return {
    invite: useMutation({
      mutationFn: (body: StaffInviteRequest) => apiRequest('POST', '/staff', { body, schema: okResponse, auth: true }),
      onSuccess,
    }),
    setRole: useMutation({
      mutationFn: ({ id, role }: { id: number; role: StaffRole }) =>
        apiRequest('PUT', `/staff/${id}`, { body: { role }, schema: okResponse, auth: true }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: number) => apiRequest('DELETE', `/staff/${id}`, { schema: okResponse, auth: true }),
      onSuccess,
    }),
  };
}
