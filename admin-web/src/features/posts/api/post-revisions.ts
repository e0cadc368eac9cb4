import { useQuery } from '@tanstack/react-query';
import { AdminRevisionsResponse } from '@wfm/contracts/forum';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Every earlier version of a post and of its comments, as their author replaced them (staff). */
export function usePostRevisions(id: number | null) {
  return useQuery({
    queryKey: queryKeys.postRevisions(id ?? 0),
    queryFn: async ({ signal }) => AdminRevisionsResponse.parse(await api.get(`/api/admin/posts/${id}/revisions`, { signal })),
    enabled: id !== null,
  });
}
