import { queryOptions, useQuery } from '@tanstack/react-query';
import { paths, queryKeys, type ContractCountries } from '@antenne/contract';
import { api } from './client';

/** `GET /contracts-countries.json`: the countries each contract allows. */
export function getContractCountries({ signal }: { signal?: AbortSignal } = {}): Promise<ContractCountries> {
  return api.get<ContractCountries>(paths.contractCountries(), { signal });
}

export const contractCountriesQueryKey = queryKeys.contractCountries();

export const contractCountriesQueryOptions = () =>
  queryOptions({
    queryKey: contractCountriesQueryKey,
    queryFn: ({ signal }) => getContractCountries({ signal }),
    staleTime: Infinity,
    // Read by every screen: a startup failure is not fetched again by each new reader.
    retryOnMount: false,
  });

export const useContractCountries = () => useQuery(contractCountriesQueryOptions());
