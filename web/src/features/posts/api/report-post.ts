import { useMutation } from '@tanstack/react-query';
import { ReportResponse, type CommentReportBody, type PostReportBody } from '@wfm/contracts/forum/reports';
import { api } from '../../../lib/api-client.ts';

/** A post report ({post_id, reason}) or a report of one comment ({comment_id, reason}). */
export async function reportPost(body: PostReportBody | CommentReportBody): Promise<ReportResponse> {
  return ReportResponse.parse(await api.post('/api/report', body));
}

export function useReportPost() {
  return useMutation({ mutationFn: reportPost });
}
