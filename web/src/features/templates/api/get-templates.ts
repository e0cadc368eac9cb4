import { queryOptions, useQuery } from '@tanstack/react-query';
import { ListTemplatesResponse, type TemplateCategory, type TemplateSort } from '@wfm/contracts/catalog/templates';
import { CATALOG_UI } from '@wfm/contracts/catalog/labels';
import { api } from '../../../lib/api-client.ts';
import { catalogKeys } from '../../../lib/catalog-keys.ts';

export type TemplateFilters = { q?: string; category?: TemplateCategory; sort: TemplateSort };

function searchParams(filters: TemplateFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

export async function getTemplates(filters: TemplateFilters, signal?: AbortSignal): Promise<ListTemplatesResponse> {
  return ListTemplatesResponse.parse(await api.get(`/api/templates${searchParams(filters)}`, { signal }));
}

export const templatesQueryOptions = (filters: TemplateFilters) =>
  queryOptions({
    queryKey: catalogKeys.templates.list(filters),
    queryFn: ({ signal }) => getTemplates(filters, signal),
    staleTime: CATALOG_UI.toolStaleMs,
  });

export function useTemplates(filters: TemplateFilters) {
  return useQuery(templatesQueryOptions(filters));
}
