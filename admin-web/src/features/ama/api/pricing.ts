import { isApiError } from '@wfm/ui';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { SessionPricing, type PricingBody } from '@wfm/contracts/ama';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The session's pricing, or null when it has none (404). */
export async function getPricing(sessionId: number, signal?: AbortSignal): Promise<SessionPricing | null> {
  try {
    return SessionPricing.parse(await api.get(`/api/admin/ama/sessions/${sessionId}/pricing`, { signal }));
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

export const pricingQueryOptions = (sessionId: number) =>
  queryOptions({ queryKey: queryKeys.ama.pricing(sessionId), queryFn: ({ signal }) => getPricing(sessionId, signal) });

/** On edit a failed pricing lookup is tolerated (§7): the form then starts without a price. */
export function useAdminPricing(sessionId: number | null) {
  return useQuery({ ...pricingQueryOptions(sessionId ?? 0), enabled: sessionId !== null });
}

/** Updates the pricing; when there is none yet the update falls back to create (§7). */
export async function savePricing(sessionId: number, body: PricingBody, exists: boolean): Promise<SessionPricing> {
  const path = `/api/admin/ama/sessions/${sessionId}/pricing`;
  if (!exists) return SessionPricing.parse(await api.post(path, body));
  try {
    return SessionPricing.parse(await api.put(path, body));
  } catch (error) {
    if (!isApiError(error, 404)) throw error;
    return SessionPricing.parse(await api.post(path, body));
  }
}
