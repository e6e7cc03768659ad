// The console's own TanStack Query cache: operator data is never mixed with the user's cache, is always
// refetched when a page opens (review queues change under other operators' hands), and is dropped when
// the operator session ends.
import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';

export const consoleQueryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 0,
      refetchOnWindowFocus: true,
      // A 401/403 will not get better by asking again.
      retry: (count, error) =>
        !(isApiError(error) && (error.status === 401 || error.status === 403)) && count < 1,
    },
  },
});
