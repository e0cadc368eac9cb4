import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Booking,
  BookingCounts,
  BulkBookingsResponse,
  DeleteResponse,
  StaffBookingsResponse,
  WaitlistResponse,
  type BulkBookingsBody,
  type StaffBooking,
} from '@wfm/contracts/ama';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useRealtimeMessages } from '../../../lib/realtime.ts';

const AMA_CHANGES = new Set(['ama_session_changed', 'ama_booking_changed', 'ama_receipt_changed']);

/**
 * While mounted, refreshes every AMA list (sessions and their booking counts, bookings, receipts,
 * waitlist, mail outbox) when a session, booking or receipt changes, by anyone.
 */
export function useBookingUpdates(): void {
  const queryClient = useQueryClient();
  useRealtimeMessages((message) => {
    if (AMA_CHANGES.has(message.type)) void queryClient.invalidateQueries({ queryKey: queryKeys.ama.all() });
  });
}

export const ZERO_COUNTS: BookingCounts = {
  total: 0,
  confirmed: 0,
  pending: 0,
  cancelled: 0,
  receiptsApproved: 0,
  receiptsPending: 0,
  receiptsRejected: 0,
};

export async function getBookings(sessionId: number, signal?: AbortSignal): Promise<StaffBooking[]> {
  return StaffBookingsResponse.parse(await api.get(`/api/admin/ama/sessions/${sessionId}/bookings`, { signal }));
}

export const bookingsQueryOptions = (sessionId: number) =>
  queryOptions({
    queryKey: queryKeys.ama.bookings(sessionId),
    queryFn: ({ signal }) => getBookings(sessionId, signal),
  });

export function useBookings(sessionId: number) {
  return useQuery(bookingsQueryOptions(sessionId));
}

/** The counts; a failure yields zeros (§7). */
export async function getBookingCounts(sessionId: number, signal?: AbortSignal): Promise<BookingCounts> {
  try {
    return BookingCounts.parse(await api.get(`/api/admin/ama/sessions/${sessionId}/bookings/counts`, { signal }));
  } catch (error) {
    if (signal?.aborted) throw error;
    return ZERO_COUNTS;
  }
}

export function useBookingCounts(sessionId: number) {
  return useQuery({
    queryKey: queryKeys.ama.counts(sessionId),
    queryFn: ({ signal }) => getBookingCounts(sessionId, signal),
  });
}

export function useWaitlist(sessionId: number) {
  return useQuery({
    queryKey: queryKeys.ama.waitlist(sessionId),
    queryFn: async ({ signal }) => WaitlistResponse.parse(await api.get(`/api/admin/ama/sessions/${sessionId}/waitlist`, { signal })),
  });
}

function useInvalidateSession(sessionId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.ama.bookings(sessionId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.ama.counts(sessionId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.ama.waitlist(sessionId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.ama.sessions() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.ama.emails() });
  };
}

export function useSetBookingStatus(sessionId: number) {
  const invalidate = useInvalidateSession(sessionId);
  return useMutation({
    mutationFn: async ({ id, status }: { id: number; status: 'confirmed' | 'cancelled' }) =>
      Booking.parse(await api.put(`/api/admin/ama/bookings/${id}/status`, { booking_status: status })),
    onSuccess: invalidate,
  });
}

export function useAssignSeat(sessionId: number) {
  const invalidate = useInvalidateSession(sessionId);
  return useMutation({
    mutationFn: async ({ id, seat }: { id: number; seat: number }) =>
      Booking.parse(await api.put(`/api/admin/ama/bookings/${id}/seat`, { seat_number: seat })),
    onSuccess: invalidate,
  });
}

export function useDeleteBooking(sessionId: number) {
  const invalidate = useInvalidateSession(sessionId);
  return useMutation({
    mutationFn: async (id: number) => DeleteResponse.parse(await api.delete(`/api/admin/ama/bookings/${id}`)),
    onSuccess: invalidate,
  });
}

/** Cancel, or reject with one reason, many bookings in one action (POST /api/admin/ama/bookings/bulk). */
export function useBulkBookings(sessionId: number) {
  const invalidate = useInvalidateSession(sessionId);
  return useMutation({
    mutationFn: async (body: BulkBookingsBody) => BulkBookingsResponse.parse(await api.post('/api/admin/ama/bookings/bulk', body)),
    onSuccess: invalidate,
  });
}
