/** The shell's single API client and query cache; remotes get both through the shared singletons. */
import { QueryClient } from '@tanstack/react-query';
import { ApiError, createClient } from '@comptoir/sdk/client';

/** Token, active company and user live in localStorage (the SDK client's SessionStore). */
export const api = createClient({ baseURL: '/api' });

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // a 4xx will not get better by asking again
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
  },
});

export { errorMessage } from '@comptoir/sdk/ui';
