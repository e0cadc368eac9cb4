import { queryOptions, useQuery } from '@tanstack/react-query';
import { TranscriptResponse } from '@wfm/contracts/ama/api';
import { api } from '../../../lib/api-client.ts';
import { amaKeys } from './ama-keys.ts';

export async function getTranscript(sessionId: number, signal?: AbortSignal): Promise<TranscriptResponse> {
  return TranscriptResponse.parse(await api.get(`/api/ama/sessions/${sessionId}/transcript`, { signal }));
}

export const transcriptQueryOptions = (sessionId: number) =>
  queryOptions({ queryKey: amaKeys.transcript(sessionId), queryFn: ({ signal }) => getTranscript(sessionId, signal) });

/** Only once the session is completed (before, the server answers that it is not ready). */
export function useTranscript(sessionId: number, enabled: boolean) {
  return useQuery({ ...transcriptQueryOptions(sessionId), enabled });
}
