import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffActionEvent } from '@wfm/contracts/shared';
import { createSql, type Sql } from '../src/db.ts';
import { createLogger } from '../src/logger.ts';
import { runMigrations } from '../src/migrate.ts';
import { outboxStaffActionLog, recordAuthorAction, recordStaffAction, type StaffActionLog } from '../src/staff-actions.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';
import { fixtureDir } from './helpers.ts';

const SCHEMA = 'kit_staff_actions';
const staff = { id: 7, username: 'mod.seven', role: 'Moderator' } as const;
let db: TestDatabase;
let sql: Sql;

beforeAll(async () => {
  db = await createTestDatabase();
  await runMigrations({ databaseUrl: db.url, schema: SCHEMA, migrationsDir: fixtureDir('migrations'), logger: createLogger('test', 'silent') });
  sql = createSql(db.url, { schema: SCHEMA });
});

afterAll(async () => {
  await sql?.end();
  await db?.drop();
});

const outbox = () => sql<{ subject: string; payload: StaffActionEvent }[]>`SELECT subject, payload FROM outbox ORDER BY id`;

describe('recordStaffAction', () => {
  it("writes <schema>.staff.action to the outbox in the caller's transaction: kept on commit, gone on rollback", async () => {
    const app = { staffActionLog: outboxStaffActionLog('forum') };
    const before = Date.now();
    await sql.begin(async (tx) => {
      await recordStaffAction(tx, app, staff, { action: 'post.delete', target: { type: 'post', id: 42 } });
    });
    await sql
      .begin(async (tx) => {
        await recordStaffAction(tx, app, staff, { action: 'post.resolve', target: { type: 'post', id: 43 } });
        throw new Error('the change failed');
      })
      .catch(() => undefined);

    const rows = await outbox();
    expect(rows).toEqual([
      {
        subject: 'forum.staff.action',
        payload: {
          staff_id: 7,
          staff_username: 'mod.seven',
          role: 'Moderator',
          action: 'post.delete',
          target_type: 'post',
          target_id: '42',
          at: expect.any(Number),
        },
      },
    ]);
    expect(rows[0]!.payload.at).toBeGreaterThanOrEqual(before);
    await sql`DELETE FROM outbox`;
  });

  it("goes to the definition's own log when it has one (the admin service's audit log)", async () => {
    const seen: StaffActionEvent[] = [];
    const log: StaffActionLog = async (_tx, event) => void seen.push(event);
    await recordStaffAction(sql, { staffActionLog: log }, staff, { action: 'staff.login', target: { type: 'staff', id: 'x' } });
    expect(seen).toEqual([expect.objectContaining({ action: 'staff.login', target_type: 'staff', target_id: 'x', staff_id: 7 })]);
    expect(await outbox()).toEqual([]);
  });

  it('refuses a service whose <schema>.staff.action is not a contract event, and an invalid action', async () => {
    await expect(
      recordStaffAction(sql, { staffActionLog: outboxStaffActionLog('nowhere') }, staff, { action: 'x', target: { type: 't', id: 1 } }),
    ).rejects.toThrow('"nowhere.staff.action" is not an event of the contracts');
    await expect(
      recordStaffAction(sql, { staffActionLog: outboxStaffActionLog('forum') }, staff, { action: '', target: { type: 't', id: 1 } }),
    ).rejects.toThrow();
    expect(await outbox()).toEqual([]);
  });
});

describe('recordAuthorAction', () => {
  it("writes the author's own change with the actor 'author' and no name, in the caller's transaction", async () => {
    const app = { staffActionLog: outboxStaffActionLog('forum') };
    await sql.begin(async (tx) => {
      await recordAuthorAction(tx, app, { action: 'comment.author_delete', target: { type: 'comment', id: 9 } });
    });
    await sql
      .begin(async (tx) => {
        await recordAuthorAction(tx, app, { action: 'post.author_delete', target: { type: 'post', id: 10 } });
        throw new Error('the deletion failed');
      })
      .catch(() => undefined);
    expect((await outbox()).map((r) => r.payload)).toEqual([
      { staff_id: 0, staff_username: 'author', role: 'author', action: 'comment.author_delete', target_type: 'comment', target_id: '9', at: expect.any(Number) },
    ]);
    await sql`DELETE FROM outbox`;
  });
});
