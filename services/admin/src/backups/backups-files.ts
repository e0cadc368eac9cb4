import { randomBytes } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { BackupFileName, type BackupFile, type BackupStatsResponse } from '@wfm/contracts/admin';

/** Default BACKUP_DIR (relative to the working directory) for development runs. */
export const DEFAULT_BACKUP_DIR = './.data/backups';

export const BACKUP_EXTENSION = '.dump';

/**
 * `wfm-backup-2025-01-31T09-15-02-123Z-1a2b3c.dump`: sortable, safe in any file system and URL,
 * and distinct for backups asked for in the same millisecond (each request runs its own job).
 */
export function newBackupFileName(now: Date, suffix: string = randomBytes(3).toString('hex')): string {
  const stamp = now.toISOString().replaceAll(':', '-').replace('.', '-');
  return `wfm-backup-${stamp}-${suffix}${BACKUP_EXTENSION}`;
}

/** Only listed names can be restored, and a listed name never contains a path separator. */
export const isBackupFileName = (name: string): boolean =>
  name.endsWith(BACKUP_EXTENSION) && BackupFileName.safeParse(name).success;

/** Every finished backup in `dir`, newest first (in-progress files are hidden `.partial` files). */
export async function listBackups(dir: string): Promise<BackupFile[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const backups: BackupFile[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || !isBackupFileName(entry.name)) continue;
    try {
      const info = await stat(path.join(dir, entry.name));
      backups.push({ fileName: entry.name, size: info.size, created: Math.round(info.mtimeMs) });
    } catch (err) {
      // Deleted between readdir and stat.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  return backups.sort((a, b) => b.created - a.created || b.fileName.localeCompare(a.fileName));
}

export function backupStats(backups: readonly BackupFile[]): BackupStatsResponse {
  return { count: backups.length, totalSize: backups.reduce((sum, b) => sum + b.size, 0) };
}
