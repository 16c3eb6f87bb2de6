/** The one TanStack Query client: server state lives here, never in jotai atoms. */
import { QueryClient } from '@tanstack/react-query';
import { statusOf } from './http-errors';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors (4xx) will not change on retry; transient ones get one more try.
        retry: (failureCount, error) => {
          const status = statusOf(error);
          if (status !== undefined && status < 500) return false;
          return failureCount < 1;
        },
      },
    },
  });
}

export const queryClient = createQueryClient();
