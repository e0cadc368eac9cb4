import { useMutation } from '@tanstack/react-query';
import { ReportResponse, type HelpRequestBody } from '@wfm/contracts/forum/reports';
import { api } from '../../../lib/api-client.ts';

/** POST /api/report without a post_id: a help request, answered with its ticket reference. */
export async function submitHelpRequest(body: HelpRequestBody): Promise<ReportResponse> {
  return ReportResponse.parse(await api.post('/api/report', body));
}

export function useSubmitHelpRequest() {
  return useMutation({ mutationFn: submitHelpRequest });
}
