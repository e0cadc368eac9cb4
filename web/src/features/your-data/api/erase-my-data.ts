import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MY_DATA_ERASE_PATH, MyDataEraseResponse } from '@wfm/contracts/shared';
import { api } from '../../../lib/api-client.ts';

/** POST /api/me/data/erase: every service deletes this visitor's content (idempotent). */
export async function eraseMyData(): Promise<MyDataEraseResponse> {
  return MyDataEraseResponse.parse(await api.post(MY_DATA_ERASE_PATH));
}

/** After the erase every list may have changed (feed, My Posts, tools, polls, jobs...): all queries refetch. */
export function useEraseMyData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseMyData,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
