import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreateBookingBody, CreateBookingResponse } from '@wfm/contracts/ama/api';
import { api } from '../../../lib/api-client.ts';
import { amaKeys } from './ama-keys.ts';
import { ensureVisitor } from './ensure-visitor.ts';

export async function createBooking(sessionId: number, body: CreateBookingBody): Promise<CreateBookingResponse> {
  return CreateBookingResponse.parse(await api.post(`/api/ama/sessions/${sessionId}/book`, body));
}

/** Books a seat; the occupancy counts are read again afterwards (§7). */
export function useCreateBooking(sessionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateBookingBody) => {
      await ensureVisitor(queryClient);
      return createBooking(sessionId, body);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: amaKeys.counts() }),
  });
}
