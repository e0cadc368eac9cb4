import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreateBackupResponse } from '@wfm/contracts/admin';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Runs a backup; the server answers once the backup file is complete. */
export async function createBackup(): Promise<CreateBackupResponse> {
  return CreateBackupResponse.parse(await api.post('/api/admin/database/backup'));
}

export function useCreateBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBackup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.database.all() }),
  });
}
