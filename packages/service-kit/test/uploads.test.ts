import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ServiceRoutes } from '../src/context.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { createServiceApp, type ServiceDefinition } from '../src/app.ts';
import { createMemoryBus } from '../src/bus/memory.ts';
import { createSql, type Sql } from '../src/db.ts';
import { createLogger } from '../src/logger.ts';
import { runMigrations } from '../src/migrate.ts';
import { createTestDatabase, TEST_STAFF_SECRET, TEST_VISITOR_SECRET, type TestDatabase } from '../src/testing.ts';
import { PDF, PNG, multipartBody } from '../src/testing-files.ts';
import { serveUpload } from '../src/uploads/serve-upload.ts';
import {
  cleanUpUploads,
  serviceTasksOf,
  uploadCleanupJobName,
  UPLOAD_CLEANUP_BATCH,
  type UploadCleanupResult,
} from '../src/uploads/upload-cleanup.ts';
import { DEFAULT_UPLOAD_SETTINGS } from '../src/uploads/upload-settings.ts';
import { createPgUploadStore } from '../src/uploads/upload-store.ts';
import { createUploads } from '../src/uploads/uploads.ts';
import { fixtureDir } from './helpers.ts';

const logger = createLogger('test', 'silent');
const DAY = 86_400_000;
const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close().catch(() => undefined);
});

async function database(): Promise<TestDatabase> {
  const db = await createTestDatabase();
  closers.push(() => db.drop());
  return db;
}

function pool(db: TestDatabase, schema: string): Sql {
  const sql = createSql(db.url, { schema, max: 2, logger });
  closers.push(() => sql.end({ timeout: 1 }));
  return sql;
}

/** A service whose one form takes a PDF in the field `doc` and serves stored files at /files/:name. */
const routes: ServiceRoutes = async (app) => {
  const uploads = createUploads({ sql: app.sql, settings: app.uploadSettings });
  const doc = uploads.use({ field: 'doc', limits: { files: 1, fileBytes: 1024 * 1024 }, accept: (type) => type === 'application/pdf' });
  app.post('/files', async (req, reply) => reply.code(201).send({ files: await doc.receive(req, reply) }));
  app.get<{ Params: { name: string } }>('/files/:name', async (req, reply) =>
    serveUpload(req, reply, uploads.store, req.params.name, { notFoundMessage: 'File not found' }),
  );
};

const definition = (schema: string, migrations: string, uploads: boolean): ServiceDefinition => ({
  name: 'forum',
  schema,
  migrationsDir: fixtureDir(migrations),
  uploads,
  routes: [routes],
});

async function appOf(def: ServiceDefinition, sql: Sql): Promise<FastifyInstance> {
  const app = await createServiceApp(def, {
    sql,
    bus: createMemoryBus({ logger }),
    staffSecret: TEST_STAFF_SECRET,
    visitorSecret: TEST_VISITOR_SECRET,
    logger,
    nodeEnv: 'test',
  });
  closers.push(() => app.close());
  await app.ready();
  return app;
}

/** Stores a file through the store interface, as an upload route would, and publishes it. */
async function storeFile(sql: Sql, data: Buffer, ext = 'txt'): Promise<string> {
  const store = createPgUploadStore(sql);
  const id = randomBytes(16).toString('hex');
  const writer = await store.create({ name: `${id}.part`, originalName: `notes.${ext}`, ownerHash: null, private: false });
  for (let i = 0; i < data.length; i += 100_000) await writer.write(data.subarray(i, i + 100_000));
  const name = `${id}.${ext}`;
  await writer.end({ name, mimetype: 'text/plain; charset=utf-8', size: data.length, sha256: createHash('sha256').update(data).digest() });
  await store.publish([name]);
  return name;
}

const tablesOf = async (sql: Sql, schema: string) =>
  (await sql<Array<{ name: string }>>`
    SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ${schema} ORDER BY table_name`).map((r) => r.name);

const constraintsOf = async (sql: Sql) =>
  (await sql<Array<{ name: string }>>`
    SELECT conname AS name FROM pg_constraint
    WHERE conrelid IN ('uploads'::regclass, 'upload_chunks'::regclass, 'upload_quota'::regclass) ORDER BY conname`).map((r) => r.name);

describe('upload storage: the kit migration a service opts into', () => {
  it('makes the upload tables before the service migrations of a service that opts in, and none for one that does not', async () => {
    const db = await database();
    await runMigrations({ databaseUrl: db.url, schema: 'with_uploads', migrationsDir: fixtureDir('uploads-new-layout'), uploads: true, logger });
    await runMigrations({ databaseUrl: db.url, schema: 'without_uploads', migrationsDir: fixtureDir('migrations'), logger });
    const sql = pool(db, 'with_uploads');
    expect(await tablesOf(sql, 'with_uploads')).toEqual([
      'kit_held_items',
      'kit_migrations',
      'kit_revoked_visitors',
      'kit_upload_migrations',
      'kit_visitors_seen',
      'notes',
      'outbox',
      'pgmigrations',
      'upload_chunks',
      'upload_quota',
      'uploads',
    ]);
    expect(await tablesOf(sql, 'without_uploads')).not.toEqual(expect.arrayContaining(['uploads']));
    expect(await tablesOf(sql, 'without_uploads')).not.toContain('kit_upload_migrations');
  });

  it('keeps the tables and files of a service that made them itself, and serves those files after the move', async () => {
    const db = await database();
    const schema = 'old_layout';
    await runMigrations({ databaseUrl: db.url, schema, migrationsDir: fixtureDir('uploads-old-layout'), logger });
    const sql = pool(db, schema);
    const body = randomBytes(600_000);
    const name = await storeFile(sql, body);
    await sql`INSERT INTO notes (file_name) VALUES (${name})`;
    await sql`INSERT INTO upload_quota (key, day, bytes) VALUES ('visitor:x', 1, 42)`;
    const constraints = await constraintsOf(sql);

    // The service now opts in and its migration no longer makes the tables (same file name, already applied).
    await runMigrations({ databaseUrl: db.url, schema, migrationsDir: fixtureDir('uploads-new-layout'), uploads: true, logger });
    expect((await sql`SELECT name FROM kit_upload_migrations`).map((r) => r.name)).toEqual(['001_upload_storage']);
    expect(await constraintsOf(sql)).toEqual(constraints);
    expect(await sql`SELECT key, bytes::int FROM upload_quota`).toEqual([{ key: 'visitor:x', bytes: 42 }]);

    const app = await appOf(definition(schema, 'uploads-new-layout', true), sql);
    const res = await app.inject({ method: 'GET', url: `/files/${name}` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(body)).toBe(true);
    // New files go to the same tables.
    const { payload, headers } = await multipartBody([{ name: 'a.pdf', data: PDF }], 'doc');
    const posted = await app.inject({ method: 'POST', url: '/files', payload, headers });
    expect(posted.statusCode).toBe(201);
    const stored = posted.json<{ files: Array<{ name: string }> }>().files[0]!.name;
    expect((await app.inject({ method: 'GET', url: `/files/${stored}` })).rawPayload.equals(PDF)).toBe(true);
  });

  it('moves the bodies of the first layout (uploads.data) into chunks and serves them', async () => {
    const db = await database();
    const schema = 'first_layout';
    await runMigrations({ databaseUrl: db.url, schema, migrationsDir: fixtureDir('uploads-first-layout'), logger });
    const sql = pool(db, schema);
    const name = `${randomBytes(16).toString('hex')}.png`;
    await sql`INSERT INTO uploads (name, original_name, mimetype, size, data) VALUES (${name}, 'chart.png', 'image/png', ${PNG.length}, ${PNG})`;
    await sql`INSERT INTO notes (file_name) VALUES (${name})`;

    await runMigrations({ databaseUrl: db.url, schema, migrationsDir: fixtureDir('uploads-new-layout'), uploads: true, logger });
    const columns = await sql`SELECT column_name FROM information_schema.columns WHERE table_schema = ${schema} AND table_name = 'uploads'`;
    expect(columns.map((c) => c.column_name)).not.toContain('data');
    const app = await appOf(definition(schema, 'uploads-new-layout', true), sql);
    const res = await app.inject({ method: 'GET', url: `/files/${name}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers.etag).toBe(`"${createHash('sha256').update(PNG).digest('base64url')}"`);
    expect(res.rawPayload.equals(PNG)).toBe(true);
  });

  it('parses multipart bodies only for services that opt in', async () => {
    const db = await database();
    await runMigrations({ databaseUrl: db.url, schema: 'no_uploads', migrationsDir: fixtureDir('uploads-new-layout'), uploads: true, logger });
    const app = await appOf(definition('no_uploads', 'uploads-new-layout', false), pool(db, 'no_uploads'));
    const { payload, headers } = await multipartBody([{ name: 'a.pdf', data: PDF }], 'doc');
    const res = await app.inject({ method: 'POST', url: '/files', payload, headers });
    expect(res.statusCode).toBe(415);
  });
});

describe('upload cleanup', () => {
  it('removes every expired unreferenced upload in one run, more than one batch of them, and keeps the rest', async () => {
    const db = await database();
    const schema = 'cleanup';
    await runMigrations({ databaseUrl: db.url, schema, migrationsDir: fixtureDir('uploads-new-layout'), uploads: true, logger });
    const sql = pool(db, schema);
    const expired = 2 * UPLOAD_CLEANUP_BATCH + 37;
    const old = Date.now() - 2 * DAY;
    await sql`
      INSERT INTO uploads (name, original_name, mimetype, size, created_at, complete)
      SELECT 'old-' || i, 'a.txt', 'text/plain', 1, ${old}::bigint + i, i % 2 = 0 FROM generate_series(1, ${expired}) AS i`;
    await sql`INSERT INTO upload_chunks (name, seq, data) SELECT 'old-' || i, 0, '\\x61' FROM generate_series(1, ${expired}) AS i`;
    await sql`
      INSERT INTO uploads (name, original_name, mimetype, size, created_at, referenced, complete)
      VALUES ('old-referenced', 'a.txt', 'text/plain', 1, ${old}, true, true),
             ('recent', 'a.txt', 'text/plain', 1, ${Date.now()}, false, true)`;
    await sql`INSERT INTO upload_quota (key, day, bytes) VALUES ('visitor:x', 1, 5)`;

    const result = await cleanUpUploads({ sql, settings: { cleanupGraceMs: DAY } });
    expect(result).toEqual({ deleted: expired, quotaRowsPruned: 1 });
    expect((await sql`SELECT name FROM uploads ORDER BY name`).map((r) => r.name)).toEqual(['old-referenced', 'recent']);
    expect(await sql`SELECT name FROM upload_chunks`).toEqual([]);
  });

  it('is a job on the queue of every service that opts in, named after its schema, and of no other', async () => {
    const db = await database();
    const schema = 'cleanup_job';
    await runMigrations({ databaseUrl: db.url, schema, migrationsDir: fixtureDir('uploads-new-layout'), uploads: true, logger });
    const sql = pool(db, schema);
    const def = definition(schema, 'uploads-new-layout', true);
    const app = await appOf(def, sql);
    const jobs = serviceTasksOf(def, app)!;
    expect(jobs.handlers.map((h) => h.name)).toEqual([uploadCleanupJobName(schema)]);
    expect(jobs.repeat).toEqual([{ name: 'cleanup_job.upload-cleanup', everyMs: DEFAULT_UPLOAD_SETTINGS.cleanupEveryMs }]);
    const ownJob = { name: 'own', run: async () => 'done' };
    const withOwn = serviceTasksOf({ ...def, tasks: () => ({ handlers: [ownJob] }) }, app)!;
    expect(withOwn.handlers.map((h) => h.name)).toEqual(['own', 'cleanup_job.upload-cleanup']);
    expect(serviceTasksOf({ ...def, uploads: false }, app)).toBeUndefined();

    await sql`
      INSERT INTO uploads (name, original_name, mimetype, size, created_at)
      SELECT 'old-' || i, 'a.txt', 'text/plain', 1, ${Date.now() - 2 * DAY} FROM generate_series(1, ${UPLOAD_CLEANUP_BATCH + 1}) AS i`;
    const result = (await jobs.handlers[0]!.run({}, { id: '1', attempt: 1, logger })) as UploadCleanupResult;
    expect(result.deleted).toBe(UPLOAD_CLEANUP_BATCH + 1);
  });
});
