import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Tool, type CreateToolBody } from '@wfm/contracts/catalog/tools';
import { api } from '../../../lib/api-client.ts';
import { catalogKeys } from '../../../lib/catalog-keys.ts';

export async function submitTool(body: CreateToolBody): Promise<Tool> {
  return Tool.parse(await api.post('/api/tools', body));
}

export function useSubmitTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitTool,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.tools.lists() }),
  });
}
