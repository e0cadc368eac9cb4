import { queryOptions, useQuery } from '@tanstack/react-query';
import { BackupListResponse } from '@wfm/contracts/admin';
import { BACKUPS_STALE_MS } from '../../../config/constants.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function getBackups(signal?: AbortSignal): Promise<BackupListResponse> {
  return BackupListResponse.parse(await api.get('/api/admin/database/backups', { signal }));
}

export const backupsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.database.backups(),
    queryFn: ({ signal }) => getBackups(signal),
    staleTime: BACKUPS_STALE_MS,
  });

export function useBackups(enabled = true) {
  return useQuery({ ...backupsQueryOptions(), enabled });
}
