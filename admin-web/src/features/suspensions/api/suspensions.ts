import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UnhideSuspendedResponse } from '@wfm/contracts/forum/hidden';
import { SuspensionsListResponse } from '@wfm/contracts/identity';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function getSuspensions(signal?: AbortSignal): Promise<SuspensionsListResponse> {
  return SuspensionsListResponse.parse(await api.get('/api/admin/suspensions', { signal }));
}

export const suspensionsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.suspensions(), queryFn: ({ signal }) => getSuspensions(signal) });

export function useSuspensions() {
  return useQuery(suspensionsQueryOptions());
}

export type Undo = { kind: 'suspension'; service: string; visitor: string } | { kind: 'block'; address: string };

export async function undo(target: Undo): Promise<void> {
  if (target.kind === 'suspension') await api.post('/api/admin/suspensions/lift', { service: target.service, visitor: target.visitor });
  else await api.post('/api/admin/address-blocks/lift', { address: target.address });
}

export interface NewBlock {
  address: string;
  duration_ms: number;
  reason: string;
}

export async function createBlock(block: NewBlock): Promise<void> {
  await api.post('/api/admin/address-blocks', block);
}

export function useUndo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: undo, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.suspensions() }) });
}

export function useCreateBlock() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createBlock, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.suspensions() }) });
}

/** Shows again every forum post and comment a suspension hid of one visitor (the forum's keyed hash). */
export async function unhideSuspended(visitor: string): Promise<UnhideSuspendedResponse> {
  return UnhideSuspendedResponse.parse(await api.post('/api/admin/posts/unhide-suspended', { visitor }));
}

export function useUnhideSuspended() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unhideSuspended, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.posts() }) });
}
