import { queryOptions, useQueries } from '@tanstack/react-query';
import { AdminHeldListResponse, HELD_SERVICES, type AdminHeldItem, type HeldService } from '@wfm/contracts/shared';
import { LIST_STALE_MS } from '../../../config/constants.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The oldest writes past this many per service wait for the next page of review (the server's most per call). */
export const HELD_LIMIT = 100;

/** A held write with the service whose queue holds it (release and delete go there). */
export type HeldEntry = AdminHeldItem & { service: HeldService };

export async function getHeld(service: HeldService, signal?: AbortSignal): Promise<AdminHeldListResponse> {
  return AdminHeldListResponse.parse(await api.get(`/api/admin/held/${service}?limit=${HELD_LIMIT}`, { signal }));
}

export const heldQueryOptions = (service: HeldService) =>
  queryOptions({ queryKey: queryKeys.held(service), queryFn: ({ signal }) => getHeld(service, signal), staleTime: LIST_STALE_MS });

/** Every service's queue, newest first; `total` is the servers' count (undefined while one loads). */
export function useHeld() {
  return useQueries({
    queries: HELD_SERVICES.map((service) => heldQueryOptions(service)),
    combine: (results) => {
      const failed = results.find((r) => r.isError);
      const entries: HeldEntry[] = results
        .flatMap((r, i) => (r.data?.items ?? []).map((item) => ({ ...item, service: HELD_SERVICES[i]! })))
        .sort((a, b) => b.held_at - a.held_at);
      return {
        entries,
        total: results.every((r) => r.data) ? results.reduce((n, r) => n + r.data!.total, 0) : undefined,
        isPending: results.some((r) => r.isPending),
        isError: failed !== undefined,
        error: failed?.error ?? null,
        refetch: () => Promise.all(results.map((r) => r.refetch())),
      };
    },
  });
}
