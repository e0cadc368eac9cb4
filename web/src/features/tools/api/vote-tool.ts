import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ToolVoteResponse, type Tool } from '@wfm/contracts/catalog/tools';
import { api } from '../../../lib/api-client.ts';
import { catalogKeys } from '../../../lib/catalog-keys.ts';

export async function voteTool(id: number): Promise<ToolVoteResponse> {
  return ToolVoteResponse.parse(await api.post(`/api/tools/${id}/vote`));
}

/** A vote updates the tool's count in every cached list at once (the order of "Most Voted" follows on the next fetch). */
export function useVoteTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voteTool,
    onSuccess: ({ votes }, id) =>
      queryClient.setQueriesData<Tool[]>({ queryKey: catalogKeys.tools.lists() }, (tools) =>
        tools?.map((tool) => (tool.id === id ? { ...tool, votes } : tool)),
      ),
  });
}
