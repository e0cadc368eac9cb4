import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { StaffEmailsResponse, StaffReceipt, StaffReceiptsResponse, type ReceiptStatus } from '@wfm/contracts/ama';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function getReceipts(sessionId: number, signal?: AbortSignal): Promise<StaffReceipt[]> {
  return StaffReceiptsResponse.parse(await api.get(`/api/admin/ama/sessions/${sessionId}/receipts`, { signal }));
}

export const receiptsQueryOptions = (sessionId: number) =>
  queryOptions({
    queryKey: queryKeys.ama.receipts(sessionId),
    queryFn: ({ signal }) => getReceipts(sessionId, signal),
  });

export function useReceipts(sessionId: number) {
  return useQuery(receiptsQueryOptions(sessionId));
}

/** The staff-only address of a receipt's file (the staff login cookie goes with a plain link). */
export const receiptFileHref = (id: number) => `/api/admin/ama/receipts/${id}/file`;

export type ReceiptValidation = { id: number; status: ReceiptStatus; notes: string; validatedBy: string };

export function useValidateReceipt(sessionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status, notes, validatedBy }: ReceiptValidation) =>
      StaffReceipt.parse(
        await api.patch(`/api/admin/ama/receipts/${id}/validation`, {
          validation_status: status,
          validated_by: validatedBy,
          notes: notes.trim() || undefined,
        }),
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.ama.receipts(sessionId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.ama.counts(sessionId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.ama.emails() });
    },
  });
}

/** The mail the service sent or kept (the outbox when no SMTP server is configured). */
export function useEmails(sessionId: number) {
  return useQuery({
    queryKey: [...queryKeys.ama.emails(), sessionId],
    queryFn: async ({ signal }) =>
      StaffEmailsResponse.parse(await api.get(`/api/admin/ama/emails?session_id=${sessionId}&limit=100`, { signal })),
  });
}
