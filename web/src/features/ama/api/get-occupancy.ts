import { useQueries } from '@tanstack/react-query';
import { AMA_CLIENT_CACHE_MS } from '@wfm/contracts/ama/api';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { amaKeys } from './ama-keys.ts';

/** §3: the public count is a number or a numeric string. */
const CountAnswer = z.object({ count: z.union([z.number(), z.string()]) });

type CountStatus = 'confirmed' | 'pending';

/** One count; a failure is logged and counted as 0 (§8). */
export async function getBookingCount(id: number, status: CountStatus, signal?: AbortSignal): Promise<number> {
  try {
    const { count } = CountAnswer.parse(await api.get(`/api/ama/sessions/${id}/bookings/count?status=${status}`, { signal }));
    const value = Number(count);
    return Number.isFinite(value) ? value : 0;
  } catch (error) {
    if (signal?.aborted) throw error;
    console.error(`Could not fetch the ${status} bookings count of session ${id}`, error);
    return 0;
  }
}

export const bookingCountQueryOptions = (id: number, status: CountStatus) => ({
  queryKey: amaKeys.count(id, status),
  queryFn: ({ signal }: { signal: AbortSignal }) => getBookingCount(id, status, signal),
  staleTime: AMA_CLIENT_CACHE_MS,
});

/**
 * Occupancy (confirmed + pending, §9) of a session, undefined while loading. Only asked for when
 * `enabled` (sessions with a capacity that can still be booked).
 */
export function useOccupancy(id: number, enabled: boolean): number | undefined {
  return useQueries({
    queries: (['confirmed', 'pending'] as const).map((status) => ({ ...bookingCountQueryOptions(id, status), enabled })),
    combine: (results) =>
      results.every((result) => result.data !== undefined)
        ? results.reduce((sum, result) => sum + (result.data ?? 0), 0)
        : undefined,
  });
}
