import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PollDetail, type PollVoteBody } from '@wfm/contracts/catalog/polls';
import { api } from '../../../lib/api-client.ts';
import { catalogKeys } from '../../../lib/catalog-keys.ts';

export async function votePoll(id: number, body: PollVoteBody): Promise<PollDetail> {
  return PollDetail.parse(await api.post(`/api/polls/${id}/vote`, body));
}

/** The answer is the poll with the caller's vote: it replaces the cached detail; lists and stats refetch. */
export function useVotePoll(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PollVoteBody) => votePoll(id, body),
    onSuccess: (poll) => {
      queryClient.setQueryData(catalogKeys.polls.detail(id), poll);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogKeys.polls.lists() }),
        queryClient.invalidateQueries({ queryKey: catalogKeys.polls.stats() }),
      ]);
    },
  });
}
