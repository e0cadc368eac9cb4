import { describe, expect, it } from 'vitest';
import { createLogger, createSql } from '@wfm/service-kit';
import { createJobHandlers } from '../src/jobs/handlers.ts';
import { ALL_JOB_NAMES, JOB_NAMES } from '../src/jobs/job-names.ts';
import { JobRegistry, type JobHandler } from '../src/jobs/registry.ts';

const handler = (name: string): JobHandler => ({ name, run: async () => undefined });
const allHandlers = () => ALL_JOB_NAMES.map(handler);

describe('JobRegistry', () => {
  it('holds the handlers by name', () => {
    const backup = handler(JOB_NAMES.backup);
    const registry = new JobRegistry([backup, handler(JOB_NAMES.restore)]);
    expect(registry.names).toEqual([JOB_NAMES.backup, JOB_NAMES.restore]);
    expect(registry.get(JOB_NAMES.backup)).toBe(backup);
  });

  it('throws on a duplicate handler name', () => {
    expect(() => new JobRegistry([...allHandlers(), handler(JOB_NAMES.backup)])).toThrow(
      'Duplicate job handler "database.backup"',
    );
  });

  it('throws when a job the service enqueues has no handler', () => {
    expect(() => new JobRegistry([handler(JOB_NAMES.backup)])).toThrow('Missing job handler "database.restore"');
    expect(() => new JobRegistry([])).toThrow('Missing job handlers "database.backup", "database.restore"');
  });

  it('throws when asked for a handler it does not have', () => {
    expect(() => new JobRegistry([], []).get('database.vacuum')).toThrow('No job handler named "database.vacuum"');
  });

  it('is built from the worker handler list without error', async () => {
    // The pool never connects: building handlers opens nothing.
    const sql = createSql('postgres://nobody@127.0.0.1:1/none', { schema: 'admin', logger: createLogger('t', 'silent') });
    try {
      const handlers = createJobHandlers({
        sql,
        backupDir: '/nonexistent',
        backupDatabaseUrl: 'postgres://nobody@127.0.0.1:1/none',
        restoreDatabaseUrl: 'postgres://nobody@127.0.0.1:1/none',
      });
      expect(new JobRegistry(handlers).names.sort()).toEqual([...ALL_JOB_NAMES].sort());
    } finally {
      await sql.end();
    }
  });
});
