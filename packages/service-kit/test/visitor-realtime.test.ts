import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { createSql, type Sql } from '../src/db.ts';
import { createLogger } from '../src/logger.ts';
import { runMigrations } from '../src/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';
import { createVisitorVerifier, issueVisitorToken } from '../src/visitor.ts';
import { notifyVisitor, visitorRealtimeAddress } from '../src/visitor-realtime.ts';
import { fixtureDir } from './helpers.ts';

const SECRET = 'kit-test-visitor-secret-0123456789abcdef0123';
const SCHEMA = 'kit_visitor_notify';
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

const message = { type: 'booking_status', data: { booking_id: 12, reference: 'AMA12X', status: 'confirmed' } } as const;

describe('visitorRealtimeAddress', () => {
  it("is one service's view of the visitor: the same from the visitor or its stored hash, different per service and from the hash", () => {
    const token = issueVisitorToken(SECRET);
    const ama = createVisitorVerifier(SECRET, 'ama-booking')(token)!;
    const forum = createVisitorVerifier(SECRET, 'forum')(token)!;
    const address = visitorRealtimeAddress(ama);
    expect(address).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(visitorRealtimeAddress(Buffer.from(ama.hash))).toBe(address);
    expect(visitorRealtimeAddress(forum)).not.toBe(address);
    expect(address).not.toBe(ama.key);
    expect(visitorRealtimeAddress(createVisitorVerifier(SECRET, 'ama-booking')(issueVisitorToken(SECRET))!)).not.toBe(address);
  });
});

describe('notifyVisitor', () => {
  it("writes <schema>.visitor.notify to the outbox in the caller's transaction, addressed without the token", async () => {
    const token = issueVisitorToken(SECRET);
    const visitor = createVisitorVerifier(SECRET, 'ama-booking')(token)!;
    await sql.begin(async (tx) => {
      await notifyVisitor(tx, 'ama', visitor, message);
      await notifyVisitor(tx, 'ama', visitor.hash, message);
    });
    const rows = await sql<{ subject: string; payload: unknown }[]>`SELECT subject, payload FROM outbox ORDER BY id`;
    expect(rows).toEqual([
      { subject: 'ama.visitor.notify', payload: { to: visitorRealtimeAddress(visitor), message } },
      { subject: 'ama.visitor.notify', payload: { to: visitorRealtimeAddress(visitor), message } },
    ]);
    const [id] = token.split('.');
    expect(JSON.stringify(rows)).not.toContain(id);
    await sql`DELETE FROM outbox`;
  });

  it('refuses a message that is not in the contracts, or a schema that is no service, and writes nothing', async () => {
    const visitor = createVisitorVerifier(SECRET, 'ama-booking')(issueVisitorToken(SECRET))!;
    const bad = { type: 'booking_status', data: { booking_id: 'x' } } as unknown as typeof message;
    await expect(sql.begin((tx) => notifyVisitor(tx, 'ama', visitor, bad))).rejects.toBeInstanceOf(ZodError);
    await expect(sql.begin((tx) => notifyVisitor(tx, 'ama', 'not-an-address', message))).rejects.toBeInstanceOf(ZodError);
    await expect(sql.begin((tx) => notifyVisitor(tx, 'nope', visitor, message))).rejects.toThrow('"nope" is not a service schema');
    expect(await sql`SELECT 1 FROM outbox`).toHaveLength(0);
  });
});
