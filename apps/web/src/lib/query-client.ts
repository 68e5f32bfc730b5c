import { QueryClient } from '@tanstack/react-query';

/**
 * One client for the app. No automatic retries: every failed call has a visible consequence in the spec
 * (a message, a redirect, a logout), which must happen once.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
