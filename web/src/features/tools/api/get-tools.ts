import { queryOptions, useQuery } from '@tanstack/react-query';
import { ListToolsResponse, type ToolCategory, type ToolSort } from '@wfm/contracts/catalog/tools';
import { CATALOG_UI } from '@wfm/contracts/catalog/labels';
import { api } from '../../../lib/api-client.ts';
import { catalogKeys } from '../../../lib/catalog-keys.ts';

export type ToolFilters = { q?: string; category?: ToolCategory; sort: ToolSort };

/** The query string with empty values left out (document 2 §7). */
export function catalogSearchParams(filters: object): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  return params;
}

export async function getTools(filters: ToolFilters, signal?: AbortSignal): Promise<ListToolsResponse> {
  const query = catalogSearchParams(filters).toString();
  return ListToolsResponse.parse(await api.get(`/api/tools${query ? `?${query}` : ''}`, { signal }));
}

export const toolsQueryOptions = (filters: ToolFilters) =>
  queryOptions({
    queryKey: catalogKeys.tools.list(filters),
    queryFn: ({ signal }) => getTools(filters, signal),
    staleTime: CATALOG_UI.toolStaleMs,
  });

export function useTools(filters: ToolFilters) {
  return useQuery(toolsQueryOptions(filters));
}
