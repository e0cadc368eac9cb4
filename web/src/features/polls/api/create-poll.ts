import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PollDetail, type CreatePollBody } from '@wfm/contracts/catalog/polls';
import { api } from '../../../lib/api-client.ts';
import { catalogKeys } from '../../../lib/catalog-keys.ts';

export async function createPoll(body: CreatePollBody): Promise<PollDetail> {
  return PollDetail.parse(await api.post('/api/polls', body));
}

export function useCreatePoll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPoll,
    onSuccess: (poll) => {
      queryClient.setQueryData(catalogKeys.polls.detail(poll.id), poll);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogKeys.polls.lists() }),
        queryClient.invalidateQueries({ queryKey: catalogKeys.polls.stats() }),
      ]);
    },
  });
}
