import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AmaSession,
  DeleteResponse,
  SessionImageResponse,
  type SessionBody,
  type SessionStatus,
} from '@wfm/contracts/ama';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/admin/ama/sessions: scheduled_time in epoch ms, image_url left out (uploaded after). */
export async function createSession(body: SessionBody): Promise<AmaSession> {
  return AmaSession.parse(await api.post('/api/admin/ama/sessions', body));
}

export async function updateSession(id: number, body: SessionBody): Promise<AmaSession> {
  return AmaSession.parse(await api.put(`/api/admin/ama/sessions/${id}`, body));
}

export async function setSessionStatus(id: number, status: SessionStatus): Promise<AmaSession> {
  return AmaSession.parse(await api.put(`/api/admin/ama/sessions/${id}/status`, { status }));
}

export async function deleteSession(id: number) {
  return DeleteResponse.parse(await api.delete(`/api/admin/ama/sessions/${id}`));
}

/** Multipart `image`; the answer carries image.url. */
export async function uploadSessionImage(id: number, file: File): Promise<SessionImageResponse> {
  const form = new FormData();
  form.set('image', file, file.name);
  return SessionImageResponse.parse(await api.post(`/api/admin/ama/sessions/${id}/image`, form));
}

function useInvalidateSessions() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.ama.sessions() });
}

export function useSetSessionStatus() {
  const invalidate = useInvalidateSessions();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: SessionStatus }) => setSessionStatus(id, status),
    onSuccess: invalidate,
  });
}

export function useDeleteSession() {
  const invalidate = useInvalidateSessions();
  return useMutation({ mutationFn: deleteSession, onSuccess: invalidate });
}
