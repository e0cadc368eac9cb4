import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDistributed, type DistributedRun } from '../lib/distributed.ts';
import { resolveDistributedPorts } from '../lib/distributed-ports.ts';
import { startEmbeddedPostgres } from '../lib/embedded-postgres.ts';
import { freePort, freePorts } from '../lib/free-ports.ts';
import { LauncherConfigError } from '../lib/service-roles.ts';
import { keepOutputTail, outputTail, waitForProcessReady } from '../lib/wait.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PG_ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A node process running `code`, its output piped. */
const node = (code: string) => spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'pipe'] });

describe('a launched process that dies while starting', () => {
  it('is reported with the last lines it wrote, from stdout and stderr', async () => {
    const child = keepOutputTail(node(`console.log('listening soon'); console.error('Error: listen EADDRINUSE 127.0.0.1:4321'); process.exit(1)`));
    const failure = await waitForProcessReady('forum', child, 'http://127.0.0.1:9/readyz', 10_000).catch((err: Error) => err);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toContain('forum exited with code 1 before it was ready; its last output:');
    expect((failure as Error).message).toContain('listen EADDRINUSE 127.0.0.1:4321');
    expect((failure as Error).message).toContain('listening soon');
  });

  it('keeps only the last 20 lines', async () => {
    const child = keepOutputTail(node(`for (let i = 1; i <= 100; i++) console.log('line ' + i)`));
    await new Promise((resolve) => child.once('close', resolve));
    expect(outputTail(child)).toEqual(Array.from({ length: 20 }, (_, i) => `line ${81 + i}`));
  });
});

describe('service ports of the distributed launcher', () => {
  const base = {
    adminDatabaseUrl: 'postgres://127.0.0.1:5432/postgres',
    database: 'never_created',
    natsUrl: 'nats://127.0.0.1:4222',
    gatewayPort: 1,
    workerPort: 2,
    staffSecret: 'x'.repeat(40),
    servicePassword: 'unused',
  };

  it('refuses a servicePorts list that does not give every service process a port, before touching the database', async () => {
    await expect(startDistributed({ ...base, servicePorts: [3, 4] })).rejects.toThrow(LauncherConfigError);
    await expect(startDistributed({ ...base, servicePorts: [3, 4] })).rejects.toThrow(/service ports are needed, not 2/);
  });

  it('refuses to start without basePort or servicePorts', async () => {
    await expect(startDistributed(base)).rejects.toThrow('basePort or servicePorts is needed');
  });
});

/** Something else listening on a port, as a second run or another program would. */
const holders: Server[] = [];
async function holdPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1' }, resolve));
  holders.push(server);
  return (server.address() as { port: number }).port;
}
afterEach(async () => {
  await Promise.all(holders.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** Runs a launcher script to its exit with `env` (DATABASE_URL, PORT, ... of this process left out). */
function launcher(script: string, env: Record<string, string>): ChildProcess {
  const base = { ...process.env };
  for (const name of ['DATABASE_URL', 'PORT', 'EMBEDDED_PG_PORT', 'SERVICE_BASE_PORT', 'WORKER_PORT', 'GATEWAY_BASE_PORT', 'REPLICAS']) delete base[name];
  return keepOutputTail(
    spawn(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] }),
  );
}
const exitOf = (child: ChildProcess) =>
  new Promise<{ code: number | null; output: string }>((resolve) => child.once('close', (code) => resolve({ code, output: outputTail(child).join('\n') })));

describe('npm start on a machine where its ports are taken', () => {
  it('refuses a busy EMBEDDED_PG_PORT with a message naming the port and the variable, before starting anything', async () => {
    const busy = await holdPort();
    const { code, output } = await exitOf(launcher('scripts/start.ts', { EMBEDDED_PG_PORT: String(busy), PORT: '0', SKIP_WEB_BUILD: '1' }));
    expect(code).toBe(1);
    expect(output).toContain(`npm start refuses to start: port ${busy} (the embedded PostgreSQL) is already in use on 127.0.0.1`);
    expect(output).toContain('set EMBEDDED_PG_PORT to a free port');
    expect(output).not.toContain('triggerUncaughtException');
  });

  it('refuses a busy PORT naming PORT', async () => {
    const busy = await holdPort();
    const { code, output } = await exitOf(launcher('scripts/start.ts', { PORT: String(busy), HOST: '127.0.0.1', SKIP_WEB_BUILD: '1' }));
    expect(code).toBe(1);
    expect(output).toContain(`npm start refuses to start: port ${busy} (the site) is already in use`);
    expect(output).toContain('set PORT to a free port');
  });
});

describe('the embedded PostgreSQL of npm start', () => {
  // Under /tmp, whose parent every user may cross: as root the server runs as `postgres`.
  const parent = path.join(tmpdir(), `wfm-launcher-pg-${process.pid}`);
  afterAll(() => rm(parent, { recursive: true, force: true }));

  it('refuses a data folder another server still runs on (a second npm start on another port), naming the folder', async () => {
    const dir = path.join(parent, 'pg');
    const [first, second] = await freePorts(2);
    const running = await startEmbeddedPostgres(dir, first!);
    try {
      const sql = postgres(running.url, { max: 1 });
      expect((await sql`SELECT 1 AS one`)[0]).toEqual({ one: 1 });
      await sql.end();
      const refused = await startEmbeddedPostgres(dir, second!).then(
        () => undefined,
        (err: Error) => err.message,
      );
      expect(refused).toContain(`the embedded PostgreSQL's data folder ${dir} is in use by another PostgreSQL`);
      expect(refused).toContain(`port ${first}`);
      expect(refused).toContain('set DATABASE_URL');
    } finally {
      await running.stop();
    }
  }, 120_000);
});

describe('the ports of npm run start:distributed', () => {
  it('takes free ports from the kernel for the services, the worker and the gateways it does not get told', async () => {
    const PORT = await freePort();
    const ports = await resolveDistributedPorts({ PORT, REPLICAS: 2 });
    const all = [ports.gatewayPort, ...ports.servicePorts, ports.workerPort, ...ports.gatewayReplicaPorts!];
    expect(ports.servicePorts).toHaveLength(12);
    expect(ports.gatewayReplicaPorts).toHaveLength(2);
    expect(new Set(all).size).toBe(all.length);
    // Not the fixed 7101-7107 that a second run would share with the first.
    expect(all.filter((port) => port >= 7101 && port <= 7107 && port !== PORT)).toEqual([]);
  });

  it('stops `npm run start:distributed` on a busy PORT with that message, before starting anything', async () => {
    const busy = await holdPort();
    const { code, output } = await exitOf(launcher('scripts/start-distributed.ts', { PORT: String(busy) }));
    expect(code).toBe(1);
    expect(output).toContain(`start:distributed refuses to start: port ${busy} (the gateway, the site) is already in use`);
    expect(output).toContain('set PORT to a free port');
  });

  it('refuses a taken port it is told to use, naming the port and its variable', async () => {
    const busy = await holdPort();
    const PORT = await freePort();
    await expect(resolveDistributedPorts({ PORT: busy, REPLICAS: 1 })).rejects.toThrow(`port ${busy} (the gateway, the site) is already in use`);
    await expect(resolveDistributedPorts({ PORT, REPLICAS: 1, SERVICE_BASE_PORT: busy })).rejects.toThrow(
      new RegExp(`port ${busy} \\(the identity service\\) is already in use .* set SERVICE_BASE_PORT to a free port`),
    );
    await expect(resolveDistributedPorts({ PORT, REPLICAS: 1, WORKER_PORT: busy })).rejects.toThrow(/set WORKER_PORT to a free port/);
    await expect(resolveDistributedPorts({ PORT, REPLICAS: 2, GATEWAY_BASE_PORT: busy })).rejects.toThrow(/\(gateway#1\).*set GATEWAY_BASE_PORT/);
    await expect(resolveDistributedPorts({ PORT, REPLICAS: 1, WORKER_PORT: PORT })).rejects.toThrow(`port ${PORT} is given to two processes`);
  });
});

describe('two distributed runs side by side on one machine', () => {
  const runs: { run: DistributedRun; database: string; password: string }[] = [];
  const STAFF = 'side-by-side-admin';

  beforeAll(async () => {
    // Each run takes its ports as `npm run start:distributed` does without SERVICE_BASE_PORT and
    // WORKER_PORT (resolveDistributedPorts), the second while the first holds its own.
    for (const name of ['a', 'b']) {
      const database = `wfm_side_${name}_${process.pid}`;
      const password = `side-by-side-password-${name}-0001`;
      const ports = await resolveDistributedPorts({ PORT: await freePort(), REPLICAS: 1 });
      const run = await startDistributed({
        adminDatabaseUrl: PG_ADMIN_URL,
        database,
        natsUrl: 'nats://127.0.0.1:4222',
        redisUrl: 'redis://127.0.0.1:6379',
        ...ports,
        staffSecret: 'side-by-side-staff-header-secret-00000000',
        servicePassword: 'integration-test-password',
        logLevel: 'warn',
        stdio: 'ignore',
        // Beside a whole test run on two shared cores (see e2e/scale-out.test.ts).
        readyTimeoutMs: 600_000,
        env: { ADMIN_USERNAME: STAFF, ADMIN_PASSWORD: password, PG_POOL_MAX: '2' },
      });
      runs.push({ run, database, password });
    }
  }, 1_300_000);

  afterAll(async () => {
    await Promise.all(runs.map(({ run }) => run.stop()));
    const sql = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
    for (const { database } of runs) await sql.unsafe(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await sql.end();
  }, 60_000);

  it("each checks a staff login against its own database (run B's password on run B, not run A's)", async () => {
    const [a, b] = runs as [(typeof runs)[0], (typeof runs)[0]];
    expect(new Set([...Object.values(a.run.serviceUrls), ...Object.values(b.run.serviceUrls)]).size).toBe(12);
    const login = (run: DistributedRun, password: string) =>
      fetch(`${run.gatewayUrl}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: STAFF, password }),
      }).then((res) => res.status);
    expect(await login(b.run, b.password)).toBe(200);
    expect(await login(b.run, a.password)).toBe(401);
    expect(await login(a.run, a.password)).toBe(200);
    expect(await login(a.run, b.password)).toBe(401);
  });
});
