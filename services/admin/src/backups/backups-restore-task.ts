import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { UnrecoverableError } from 'bullmq';
import postgres from 'postgres';
import { z } from 'zod';
import { writeEvent, type TaskHandler, type Sql } from '@wfm/service-kit';
import { SERVICE_SCHEMAS } from './backups-backup-task.ts';
import { isBackupFileName } from './backups-files.ts';
import { TASK_NAMES } from './backups-task-names.ts';
import { assertToolMatchesServer, listArchive, runPgTool, type PgToolsOptions } from './backups-pg-tools.ts';
import { readKeptTables, readLiveRelations, reseedOutboxSequences, type SchemaTable } from './backups-repository.ts';

/**
 * Schemas a restore leaves exactly as they are, although backups contain them: the admin schema
 * holds the staff accounts, their sessions, the failed-login counters and the audit log, which must
 * never go back in time (a deleted or deactivated account, an old password or an ended session
 * coming back, audit entries written since the backup lost). See docs/backups.md.
 */
export const KEPT_SCHEMAS: readonly string[] = ['admin'];

/** `<dump id>; <catalog oid> <object oid> <TYPE WORDS> <schema or -> <name...> <owner>` */
const TOC_ENTRY = /^\d+; \d+ \d+ ([A-Z]+(?: [A-Z]+)*) (\S+) (.+) \S+$/;

/** A table a restore leaves as it is (its comment starts with "restore: keep"), with its indexes. */
export interface KeptTable {
  schema: string;
  name: string;
  indexes: readonly string[];
}

interface TocEntry {
  type: string;
  schema: string;
  name: string;
}

const parseEntry = (line: string): TocEntry | null => {
  const entry = TOC_ENTRY.exec(line);
  if (!entry) return null;
  const [, type, schema, name] = entry as unknown as [string, string, string, string];
  return { type, schema, name };
};

/** Whether a TOC entry is the kept table itself or an object of it (data, comment, ACL, constraint, index, trigger...). */
function ofKeptTable({ type, name }: TocEntry, table: KeptTable): boolean {
  switch (type) {
    case 'TABLE':
    case 'TABLE DATA':
    case 'ROW SECURITY':
      return name === table.name;
    case 'COMMENT':
    case 'ACL':
    case 'SECURITY LABEL':
      return name === `TABLE ${table.name}` || name.startsWith(`COLUMN ${table.name}.`);
    case 'CONSTRAINT':
    case 'FK CONSTRAINT':
    case 'CHECK CONSTRAINT':
    case 'TRIGGER':
    case 'DEFAULT':
    case 'POLICY':
    case 'RULE':
      return name.startsWith(`${table.name} `);
    case 'INDEX':
      return table.indexes.includes(name);
    default:
      return false;
  }
}

/**
 * The archive's table of contents without the entries of `schemas`: their objects, data, ACLs,
 * comments and default privileges, and the schema entries themselves (else `--clean` would try to
 * drop the schema). Without the entries of the kept `tables` either (security state that only grows:
 * revocations, staff names, ended recovery verifiers); the schema entry of a schema holding one is
 * left out too, so the schema is not dropped (its other objects are, one by one). Left-out entries
 * stay in the list as comments.
 */
export function tocWithout(toc: string, schemas: readonly string[], tables: readonly KeptTable[] = []): string {
  const kept = new Set(schemas);
  const keptTables = new Map<string, KeptTable[]>();
  for (const table of tables) keptTables.set(table.schema, [...(keptTables.get(table.schema) ?? []), table]);
  return toc
    .split('\n')
    .map((line) => {
      const entry = parseEntry(line);
      if (!entry) return line;
      const { type, schema, name } = entry;
      const ofKeptSchema =
        kept.has(schema) || (schema === '-' && (kept.has(name) || (name.startsWith('SCHEMA ') && kept.has(name.slice(7)))));
      const holdsKeptTable = schema === '-' && type === 'SCHEMA' && keptTables.has(name);
      const keptHere = (keptTables.get(schema) ?? []).some((table) => ofKeptTable(entry, table));
      return ofKeptSchema || holdsKeptTable || keptHere ? `; kept out of the restore: ${line}` : line;
    })
    .join('\n');
}

const RELATION_TYPES = new Set(['TABLE', 'VIEW', 'MATERIALIZED VIEW', 'FOREIGN TABLE']);

/**
 * Tables and views the database has in a schema the archive holds, that the archive does not know
 * and the restore does not keep: a migration ran since the backup. pg_restore would leave them
 * next to the backup's older migration record, so the restore is refused instead.
 */
export function unknownRelations(toc: string, live: readonly SchemaTable[], tables: readonly KeptTable[]): string[] {
  const entries = toc.split('\n').map(parseEntry).filter((e): e is TocEntry => e !== null);
  const archived = new Set(entries.filter((e) => RELATION_TYPES.has(e.type)).map((e) => `${e.schema}.${e.name}`));
  const archivedSchemas = new Set(entries.filter((e) => e.type === 'SCHEMA' && e.schema === '-').map((e) => e.name));
  const keptNames = new Set(tables.map((t) => `${t.schema}.${t.name}`));
  return live
    .filter((r) => archivedSchemas.has(r.schema) && !KEPT_SCHEMAS.includes(r.schema))
    .map((r) => `${r.schema}.${r.name}`)
    .filter((name) => !archived.has(name) && !keptNames.has(name));
}

export const RestoreTaskData = z.object({
  backupFileName: z.string().refine(isBackupFileName, 'Invalid backup file name'),
});
export type RestoreTaskData = z.infer<typeof RestoreTaskData>;

export interface RestoreResult {
  backupFileName: string;
  /** When the restore committed, epoch ms. */
  at: number;
}

export interface RestoreTaskOptions extends PgToolsOptions {
  backupDir: string;
  /** RESTORE_DATABASE_URL (a role that may drop and recreate every service's objects), else DATABASE_URL. */
  databaseUrl: string;
  /** The admin schema's pool: the restored event goes through its outbox. */
  sql: Sql;
  schemas?: readonly string[];
}

/** A restore waits this long for a table lock (a long transaction of a service) before failing and retrying. */
const LOCK_TIMEOUT = '60s';

/**
 * Outbox ids become JetStream message ids, which are deduplicated for minutes. The restored
 * sequences are back where they were at backup time, so ids handed out since then would be reused
 * and their events dropped: move every outbox sequence past the clock, as the kit's migration
 * seeds it.
 */
async function reseedOutboxes(databaseUrl: string, schemas: readonly string[]): Promise<void> {
  const sql = postgres(databaseUrl, { max: 1, connect_timeout: 10, onnotice: () => undefined });
  try {
    await sql.begin((tx) => reseedOutboxSequences(tx, schemas));
  } finally {
    await sql.end({ timeout: 1 });
  }
}

/** The kept tables (security state) and every table and view of the service schemas, as they are now. */
async function readLiveSchemas(databaseUrl: string, schemas: readonly string[]): Promise<{ keptTables: KeptTable[]; live: SchemaTable[] }> {
  const sql = postgres(databaseUrl, { max: 1, connect_timeout: 10, onnotice: () => undefined });
  try {
    return { keptTables: await readKeptTables(sql, schemas), live: await readLiveRelations(sql, schemas) };
  } finally {
    await sql.end({ timeout: 1 });
  }
}

/**
 * `pg_restore --single-transaction --clean --if-exists`: every service schema but the kept ones
 * (KEPT_SCHEMAS) is replaced by the backup's in one transaction (a failure changes nothing), except
 * the tables marked "restore: keep" (security state: revocations, staff names, ended recovery
 * verifiers), which keep their rows, the newer ones included. Services keep running: their pools
 * resolve tables by name, and the `admin.database.restored` event tells them to drop caches.
 */
export function createRestoreHandler(opts: RestoreTaskOptions): TaskHandler {
  const schemas = opts.schemas ?? SERVICE_SCHEMAS;
  return {
    name: TASK_NAMES.restore,
    async run(data): Promise<RestoreResult> {
      const parsed = RestoreTaskData.safeParse(data);
      if (!parsed.success) throw new UnrecoverableError('Invalid restore job data');
      const { backupFileName } = parsed.data;
      const file = path.join(opts.backupDir, backupFileName);
      const found = await stat(file).catch(() => null);
      if (!found?.isFile()) throw new UnrecoverableError(`Backup ${backupFileName} not found`);

      await assertToolMatchesServer('pg_restore', opts.databaseUrl, opts);
      const toc = await listArchive(file, opts);
      const { keptTables, live } = await readLiveSchemas(opts.databaseUrl, schemas);
      const unknown = unknownRelations(toc, live, keptTables);
      if (unknown.length > 0) {
        throw new UnrecoverableError(
          `the database has tables this backup does not know (${unknown.join(', ')}): a migration ran since the backup; ` +
            'restore it into a database of the release that made it',
        );
      }
      const list = tocWithout(toc, KEPT_SCHEMAS, keptTables);
      const work = await mkdtemp(path.join(tmpdir(), 'wfm-restore-'));
      try {
        const listFile = path.join(work, 'restore.list');
        await writeFile(listFile, list);
        await runPgTool('pg_restore', ['--single-transaction', '--clean', '--if-exists', `--use-list=${listFile}`, file], {
          ...opts,
          env: { PGOPTIONS: `-c lock_timeout=${LOCK_TIMEOUT}` },
        });
      } finally {
        await rm(work, { recursive: true, force: true });
      }
      await reseedOutboxes(opts.databaseUrl, schemas);
      const at = Date.now();
      await writeEvent(opts.sql, 'admin.database.restored', { backupFileName, at });
      return { backupFileName, at };
    },
  };
}
