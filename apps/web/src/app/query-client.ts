import { QueryClient, type DefaultOptions } from '@tanstack/react-query';

export function createQueryClient(queries: DefaultOptions['queries'] = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false, ...queries },
    },
  });
}
