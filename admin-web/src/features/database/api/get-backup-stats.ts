import { queryOptions, useQuery } from '@tanstack/react-query';
import { BackupStatsResponse } from '@wfm/contracts/admin';
import { BACKUPS_STALE_MS } from '../../../config/constants.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function getBackupStats(signal?: AbortSignal): Promise<BackupStatsResponse> {
  return BackupStatsResponse.parse(await api.get('/api/admin/database/backup-stats', { signal }));
}

export const backupStatsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.database.backupStats(),
    queryFn: ({ signal }) => getBackupStats(signal),
    staleTime: BACKUPS_STALE_MS,
  });

export function useBackupStats(enabled = true) {
  return useQuery({ ...backupStatsQueryOptions(), enabled });
}
