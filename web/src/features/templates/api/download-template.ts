import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TemplateDownloadResponse, type Template } from '@wfm/contracts/catalog/templates';
import { api } from '../../../lib/api-client.ts';
import { catalogKeys } from '../../../lib/catalog-keys.ts';

/** Counts a download and answers where the file or page is. */
export async function recordTemplateDownload(id: number): Promise<TemplateDownloadResponse> {
  return TemplateDownloadResponse.parse(await api.post(`/api/templates/${id}/download`));
}

export function useRecordTemplateDownload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordTemplateDownload,
    onSuccess: ({ downloads }, id) =>
      queryClient.setQueriesData<Template[]>({ queryKey: catalogKeys.templates.lists() }, (templates) =>
        templates?.map((template) => (template.id === id ? { ...template, downloads } : template)),
      ),
  });
}
