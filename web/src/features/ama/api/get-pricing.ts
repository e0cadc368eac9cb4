import { queryOptions, useQuery } from '@tanstack/react-query';
import { AMA_CLIENT_CACHE_MS, SessionPricing } from '@wfm/contracts/ama';
import { api } from '../../../lib/api-client.ts';
import { amaKeys } from './ama-keys.ts';

export async function getPricing(id: number, signal?: AbortSignal): Promise<SessionPricing> {
  return SessionPricing.parse(await api.get(`/api/ama/sessions/${id}/pricing`, { signal }));
}

/** A failed lookup (no pricing: 404) shows "Pricing not set" (§8), so it is not retried. */
export const pricingQueryOptions = (id: number) =>
  queryOptions({
    queryKey: amaKeys.pricing(id),
    queryFn: ({ signal }) => getPricing(id, signal),
    staleTime: AMA_CLIENT_CACHE_MS,
    retry: false,
  });

export function usePricing(id: number) {
  return useQuery(pricingQueryOptions(id));
}
