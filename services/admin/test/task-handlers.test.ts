import { describe, expect, it } from 'vitest';
import { createLogger, createSql, queueConnection, startTaskRunner, type TaskHandler } from '@wfm/service-kit';
import { checkTaskHandlers, createTaskHandlers } from '../src/backups/backups-tasks.ts';
import { ALL_TASK_NAMES, TASK_NAMES } from '../src/backups/backups-task-names.ts';

const handler = (name: string): TaskHandler => ({ name, run: async () => undefined });
const allHandlers = () => ALL_TASK_NAMES.map(handler);
const NOWHERE = 'postgres://nobody@127.0.0.1:1/none';

describe('the worker job handlers', () => {
  it('answers the handlers by name', () => {
    expect(checkTaskHandlers([handler(TASK_NAMES.backup), handler(TASK_NAMES.restore)])).toEqual([TASK_NAMES.backup, TASK_NAMES.restore]);
  });

  it('throws on a duplicate handler name', () => {
    expect(() => checkTaskHandlers([...allHandlers(), handler(TASK_NAMES.backup)])).toThrow('Duplicate job handler "database.backup"');
  });

  it('throws when a job the service enqueues has no handler', () => {
    expect(() => checkTaskHandlers([handler(TASK_NAMES.backup)])).toThrow('Missing job handler "database.restore"');
    expect(() => checkTaskHandlers([])).toThrow('Missing job handlers "database.backup", "database.restore"');
  });

  it("the kit's job runner refuses a duplicate before connecting", async () => {
    await expect(
      startTaskRunner({
        handlers: [...allHandlers(), handler(TASK_NAMES.backup)],
        connection: queueConnection({ databaseUrl: NOWHERE }),
        queueName: 'admin-test-never-used',
        logger: createLogger('t', 'silent'),
      }),
    ).rejects.toThrow('Duplicate job handler "database.backup"');
  });

  it('is built from the worker handler list without error', async () => {
    // The pool never connects: building handlers opens nothing.
    const sql = createSql(NOWHERE, { schema: 'admin', logger: createLogger('t', 'silent') });
    try {
      const handlers = createTaskHandlers({
        sql,
        backupDir: '/nonexistent',
        backupDatabaseUrl: NOWHERE,
        restoreDatabaseUrl: NOWHERE,
      });
      expect(checkTaskHandlers(handlers).sort()).toEqual([...ALL_TASK_NAMES].sort());
    } finally {
      await sql.end();
    }
  });
});
