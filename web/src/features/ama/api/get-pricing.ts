import { queryOptions, useQuery } from '@tanstack/react-query';
import { AMA_CLIENT_CACHE_MS, SessionPricing, type AmaSession } from '@wfm/contracts/ama/api';
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

/**
 * The pricing of a session, and whether it is still coming (`loading`: "Loading pricing..."). A
 * session whose detail says it has no price is not asked (its pricing answers 404, a failed request
 * in every visitor's console): it shows "Pricing not set" at once.
 */
export function usePricing(session: Pick<AmaSession, 'id' | 'price'>) {
  const pricing = useQuery({ ...pricingQueryOptions(session.id), enabled: session.price !== null });
  // Asked and not yet answered. Not `isLoading`: while the browser hydrates a server-rendered page its
  // queries are paused (app/start.tsx), so `isLoading` is false there and true on the server: a mismatch.
  return { pricing: pricing.data, loading: pricing.isPending && session.price !== null };
}
