import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backupStats, isBackupFileName, listBackups, newBackupFileName } from '../src/backups/backups-files.ts';

describe('backup file names', () => {
  it('are sortable UTC timestamps, distinct within the same millisecond', () => {
    expect(newBackupFileName(new Date('2025-01-31T09:15:02.123Z'), 'a1b2c3')).toBe('wfm-backup-2025-01-31T09-15-02-123Z-a1b2c3.dump');
    const now = new Date();
    expect(isBackupFileName(newBackupFileName(now))).toBe(true);
    expect(newBackupFileName(now)).not.toBe(newBackupFileName(now));
  });

  it('refuse anything that could leave the backups directory or is not a dump', () => {
    for (const name of ['../x.dump', '..', 'a/b.dump', 'a\\b.dump', '.hidden.dump', '/etc/passwd', 'x.sql', 'x.dump\0', '']) {
      expect(isBackupFileName(name), name).toBe(false);
    }
  });
});

describe('listBackups', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'wfm-backups-'));
  });
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  const file = async (name: string, bytes: number, at: Date) => {
    await writeFile(path.join(dir, name), Buffer.alloc(bytes));
    await utimes(path.join(dir, name), at, at);
  };

  it('lists finished backups newest first with size and time, and sums them', async () => {
    await file('wfm-backup-2025-01-01T00-00-00Z.dump', 10, new Date('2025-01-01T00:00:00Z'));
    await file('wfm-backup-2025-02-01T00-00-00Z.dump', 32, new Date('2025-02-01T00:00:00Z'));
    await file('.wfm-backup-2025-03-01T00-00-00Z.dump.ab12cd34.partial', 5, new Date('2025-03-01T00:00:00Z'));
    await file('notes.txt', 3, new Date('2025-03-01T00:00:00Z'));

    const backups = await listBackups(dir);
    expect(backups).toEqual([
      { fileName: 'wfm-backup-2025-02-01T00-00-00Z.dump', size: 32, created: Date.parse('2025-02-01T00:00:00Z') },
      { fileName: 'wfm-backup-2025-01-01T00-00-00Z.dump', size: 10, created: Date.parse('2025-01-01T00:00:00Z') },
    ]);
    expect(backupStats(backups)).toEqual({ count: 2, totalSize: 42 });
  });

  it('answers an empty list when the directory does not exist yet', async () => {
    expect(await listBackups(path.join(dir, 'missing'))).toEqual([]);
    expect(backupStats([])).toEqual({ count: 0, totalSize: 0 });
  });
});
