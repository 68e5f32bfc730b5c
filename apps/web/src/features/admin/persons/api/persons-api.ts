import { okResponse } from '@store/contracts/auth';
import { pagedResponse } from '@store/contracts/list';
import { person, type Person, type PersonSaveRequest } from '@store/contracts/person';
import { erasureResult } from '@store/contracts/privacy';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { logLoadError } from '../../shared/log-load-error';

const personPage = pagedResponse(person);

/** GET /person/?page&pageSize&sort&desc&filter: one page of the persons, paged, sorted and filtered by the server. */
export const getPersonsPage = (search: string, signal?: AbortSignal) =>
  apiRequest('GET', `/person/?${search}`, { schema: personPage, auth: true, signal });

export const usePersonsPage = (search: string) =>
  useQuery({
    queryKey: queryKeys.admin.persons.page(search),
    queryFn: ({ signal }) => logLoadError('persons', getPersonsPage(search, signal)),
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

/** GET /person/{id} */
export const getPerson = (id: number, signal?: AbortSignal): Promise<Person> =>
  apiRequest('GET', `/person/${id}`, { schema: person, auth: true, signal });

export const usePerson = (id: number) =>
  useQuery({
    queryKey: queryKeys.admin.persons.detail(id),
    queryFn: ({ signal }) => logLoadError('person', getPerson(id, signal)),
  });

/** POST /person/: creates (id 0) or updates. */
export const savePerson = (body: PersonSaveRequest): Promise<Person> =>
  apiRequest('POST', '/person/', { body, schema: person, auth: true });

export const useSavePersonMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePerson,
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.admin.persons.detail(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: queryKeys.admin.persons.all });
    },
  });
};

/** DELETE /persons/{id} (spelled so). */
export const deletePerson = (id: number) => apiRequest('DELETE', `/persons/${id}`, { schema: okResponse, auth: true });

/** Deletes a person, then reloads the list (§4). */
export const useDeletePersonMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePerson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.persons.all }),
  });
};

/** DELETE /registration/ with the person's email as the body: removes the login, never the person. */
export const deleteLogin = (email: string) => apiRequest('DELETE', '/registration/', { body: email, schema: okResponse, auth: true });

export const useDeleteLoginMutation = () => useMutation({ mutationFn: deleteLogin });

/** POST /persons/{id}/erasure: erases the person's personal data (docs/PRIVACY.md); the editor then shows the erased record. */
export const useErasePersonMutation = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', `/persons/${id}/erasure`, { schema: erasureResult, auth: true }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.persons.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.orders.byPerson(id) }),
      ]),
  });
};
