import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RestoreBackupResponse } from '@wfm/contracts/admin';
import { api } from '../../../lib/api-client.ts';
import { isStaffData } from '../../../lib/query-keys.ts';

export async function restoreBackup(backupFileName: string): Promise<RestoreBackupResponse> {
  return RestoreBackupResponse.parse(await api.post('/api/admin/database/restore', { backupFileName }));
}

/** Restores the database from a backup; every cached list is then out of date. */
export function useRestoreBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreBackup,
    onSuccess: () => queryClient.invalidateQueries({ predicate: isStaffData }),
  });
}
