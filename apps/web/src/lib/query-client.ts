import { QueryClient } from '@tanstack/react-query';

/**
 * The app's query cache. The API client already reports failures to the user, so queries
 * do not retry behind their back, nor refetch when the window regains focus.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
