import { queryOptions, useQuery } from '@tanstack/react-query';
import { BookingLookupResponse } from '@wfm/contracts/ama/api';
import { api } from '../../../lib/api-client.ts';
import { amaKeys } from './ama-keys.ts';

export async function lookupBooking(reference: string, signal?: AbortSignal): Promise<BookingLookupResponse> {
  return BookingLookupResponse.parse(
    await api.get(`/api/ama/bookings/status/${encodeURIComponent(reference)}`, { signal }),
  );
}

/** References are compared in capitals, so the key is too. Lookups are rate-limited: no retries. */
export const bookingLookupQueryOptions = (reference: string) =>
  queryOptions({
    queryKey: amaKeys.booking(reference.toUpperCase()),
    queryFn: ({ signal }) => lookupBooking(reference.toUpperCase(), signal),
    retry: false,
    staleTime: 0,
  });

export function useBookingLookup(reference: string | null) {
  return useQuery({ ...bookingLookupQueryOptions(reference ?? ''), enabled: Boolean(reference) });
}
