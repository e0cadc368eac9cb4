import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RECEIPT_FIELD, ReceiptUploadResponse } from '@wfm/contracts/ama/api';
import { api } from '../../../lib/api-client.ts';
import { amaKeys } from './ama-keys.ts';
import { ensureVisitor } from './ensure-visitor.ts';

export type ReceiptUpload = { bookingId: number; reference: string; file: File; notes?: string };

/** Multipart `receipt` with optional notes; the reference proves the booking is the visitor's own. */
export async function uploadReceipt({ bookingId, reference, file, notes }: ReceiptUpload): Promise<ReceiptUploadResponse> {
  const form = new FormData();
  form.set('booking_reference', reference);
  if (notes?.trim()) form.set('notes', notes.trim());
  // The file goes last: the server reads the text fields before the file's stream.
  form.set(RECEIPT_FIELD, file, file.name);
  return ReceiptUploadResponse.parse(await api.post(`/api/ama/bookings/${bookingId}/receipt`, form));
}

export function useUploadReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (upload: ReceiptUpload) => {
      await ensureVisitor(queryClient);
      return uploadReceipt(upload);
    },
    onSuccess: (_answer, { reference }) => queryClient.invalidateQueries({ queryKey: amaKeys.booking(reference.toUpperCase()) }),
  });
}
