import { useMutation } from '@tanstack/react-query';
import { ReportResponse, type PostReportBody } from '@wfm/contracts/forum';
import { api } from '../../../lib/api-client.ts';

export async function reportPost(body: PostReportBody): Promise<ReportResponse> {
  return ReportResponse.parse(await api.post('/api/report', body));
}

export function useReportPost() {
  return useMutation({ mutationFn: reportPost });
}
