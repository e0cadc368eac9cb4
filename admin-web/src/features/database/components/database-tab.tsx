import type { BackupFile } from '@wfm/contracts/admin';
import {
  Button,
  Card,
  ConfirmDialog,
  Progress,
  Skeleton,
  toast,
} from '@wfm/ui';
import { DatabaseBackup, HardDrive, History, RotateCcw } from '@wfm/ui/icons';
import { useState, type ReactNode } from 'react';
import { EmptyState, LoadError } from '../../../components/query-state.tsx';
import { ResourceTable } from '../../../components/resource-table.tsx';
import { SectionHeader } from '../../../components/section-header.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatBytes, formatDateTime } from '../../../lib/format.ts';
import { useCreateBackup } from '../api/create-backup.ts';
import { useBackupStats } from '../api/get-backup-stats.ts';
import { useBackups } from '../api/get-backups.ts';
import { useRestoreBackup } from '../api/restore-backup.ts';

function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: ReactNode }) {
  return (
    <Card className="flex items-center gap-3 p-4">
      <span className="grid size-10 place-items-center rounded-full bg-primary/15 text-primary [&_svg]:size-5">{icon}</span>
      <div className="grid gap-0.5">
        <span className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</span>
        <span className="text-xl font-semibold tabular-nums">{value}</span>
      </div>
    </Card>
  );
}

/** Backups (Super Admin): statistics, a manual backup with progress, the list, and restore after a confirmation. */
export function DatabaseTab() {
  const stats = useBackupStats();
  const backups = useBackups();
  const create = useCreateBackup();
  const restore = useRestoreBackup();
  const [toRestore, setToRestore] = useState<BackupFile | null>(null);

  function createBackup() {
    create.mutate(undefined, {
      onSuccess: (backup) =>
        toast({ title: 'Backup created', description: `${backup.fileName} (${formatBytes(backup.size)})` }),
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Backup failed', description: errorMessage(error, 'Failed to create backup') }),
    });
  }

  function restoreBackup(backup: BackupFile) {
    restore.mutate(backup.fileName, {
      onSuccess: () => {
        setToRestore(null);
        toast({ title: 'Database restored', description: `The database now holds the data of ${backup.fileName}.` });
      },
      onError: (error) => {
        setToRestore(null);
        toast({ variant: 'destructive', title: 'Restore failed', description: errorMessage(error, 'Failed to restore backup') });
      },
    });
  }

  return (
    <section className="grid gap-6" aria-labelledby="database-heading">
      <SectionHeader
        id="database-heading"
        title="Database"
        description="Backups are manual only: automated backups are disabled."
        actions={
          <Button size="sm" disabled={create.isPending || restore.isPending} onClick={createBackup}>
            <DatabaseBackup aria-hidden="true" />
            {create.isPending ? 'Creating Backup...' : 'Create Backup'}
          </Button>
        }
      />

      {create.isPending && (
        <div className="grid gap-2 rounded-lg border border-border p-4" aria-live="polite">
          <p className="text-sm font-medium">Creating backup… this can take a minute.</p>
          <Progress aria-label="Backup in progress" />
        </div>
      )}

      {stats.isError ? (
        <LoadError title="Failed to fetch backup stats" error={stats.error} onRetry={() => void stats.refetch()} />
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          <Stat
            icon={<History aria-hidden="true" />}
            label="Backups"
            value={stats.data ? stats.data.count : <Skeleton className="h-6 w-10" />}
          />
          <Stat
            icon={<HardDrive aria-hidden="true" />}
            label="Total size"
            value={stats.data ? formatBytes(stats.data.totalSize) : <Skeleton className="h-6 w-20" />}
          />
        </div>
      )}

      <div className="grid gap-3">
        <h3 className="font-semibold">Backup files</h3>
        <ResourceTable
          query={backups}
          rows={backups.data?.backups}
          loadingLabel="Loading backups"
          skeletonRows={2}
          errorTitle="Failed to fetch backups"
          empty={<EmptyState title="No backups yet">Create a backup to be able to restore the database later.</EmptyState>}
          rowKey={(backup) => backup.fileName}
          columns={[
            {
              id: 'file',
              header: 'File',
              cellClassName: 'break-all font-mono text-xs',
              cell: (backup) => (
                <>
                  {backup.fileName}
                  <span className="block font-sans text-muted-foreground md:hidden">{formatDateTime(backup.created)}</span>
                </>
              ),
            },
            {
              id: 'size',
              header: 'Size',
              className: 'text-right',
              cellClassName: 'whitespace-nowrap tabular-nums',
              cell: (backup) => formatBytes(backup.size),
            },
            {
              id: 'created',
              header: 'Created',
              className: 'hidden md:table-cell',
              cellClassName: 'whitespace-nowrap text-muted-foreground',
              cell: (backup) => formatDateTime(backup.created),
            },
            {
              id: 'actions',
              header: 'Actions',
              headClassName: 'text-right',
              cell: (backup) => (
                <div className="flex justify-end">
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Restore ${backup.fileName}`}
                    disabled={create.isPending || restore.isPending}
                    onClick={() => setToRestore(backup)}
                  >
                    <RotateCcw aria-hidden="true" />
                    <span className="hidden sm:inline">Restore</span>
                  </Button>
                </div>
              ),
            },
          ]}
        />
      </div>

      <ConfirmDialog
        open={toRestore !== null}
        onOpenChange={(open) => !open && setToRestore(null)}
        title="Restore database?"
        description={
          <>
            <span>
              Restore the database from <strong className="break-all font-mono text-foreground">{toRestore?.fileName}</strong>
              {toRestore && <> (created {formatDateTime(toRestore.created)})</>}?
            </span>
            <span>
              Everything saved since then — posts, users, bookings, staff accounts — is replaced by the contents of this
              backup. This action cannot be undone; you may have to sign in again.
            </span>
          </>
        }
        confirmLabel="Restore"
        busyLabel="Restoring..."
        busy={restore.isPending}
        onConfirm={() => toRestore && restoreBackup(toRestore)}
      />
    </section>
  );
}
