/**
 * Real Redis, NATS and PostgreSQL servers that a fault test starts, kills, freezes and starts again
 * on a free port of its own, so outages never touch the machine's servers (6379, 4222, 5432).
 */
import { execFileSync, spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

/** Asks the kernel for a free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface FaultServer {
  url: string;
  port: number;
  /** Pid of the server process (the postmaster for PostgreSQL). */
  readonly pid: number;
  /** SIGKILL, as a crash: resolves once the process is gone. */
  kill(): Promise<void>;
  /** Starts the server again on the same port (and the same data directory). */
  start(): Promise<void>;
  /** SIGSTOP to the server and every process under it: connections stay open but nothing answers. */
  freeze(): void;
  /** SIGCONT: the frozen server answers again. */
  thaw(): void;
  /** Stops the server for good and removes its data. */
  close(): Promise<void>;
}

const READY_TIMEOUT_MS = 20_000;

/** Spawns `command` and resolves once its output contains `ready`; rejects if it exits first. */
function spawnUntil(command: string, args: string[], ready: string, opts: SpawnOptions = {}): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${command} was not ready within ${READY_TIMEOUT_MS} ms:\n${output}`));
    }, READY_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(ready)) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.stderr?.off('data', onData);
        // Keep draining so a chatty server never blocks on a full pipe.
        child.stdout?.resume();
        child.stderr?.resume();
        resolve(child);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited (${signal ?? code}) before it was ready:\n${output}`));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** The process and all its descendants (PostgreSQL's backends each start a session of their own). */
function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number);
  } catch {
    // Gone already, or no /proc: the process itself is all we can reach.
  }
  return [pid, ...children.flatMap(processTree)];
}

function signalTree(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  for (const pid of processTree(child.pid)) {
    try {
      process.kill(pid, signal);
    } catch {
      // Exited meanwhile.
    }
  }
}

/** One server process that can be killed and started again; `launch` spawns it. */
function faultServer(url: string, port: number, launch: () => Promise<ChildProcess>, cleanup: () => void): Promise<FaultServer> {
  let child: ChildProcess;
  const server: FaultServer = {
    url,
    port,
    get pid() {
      return child.pid ?? -1;
    },
    async kill() {
      signalTree(child, 'SIGCONT');
      signalTree(child, 'SIGKILL');
      await exited(child);
    },
    async start() {
      child = await launch();
    },
    freeze: () => signalTree(child, 'SIGSTOP'),
    thaw: () => signalTree(child, 'SIGCONT'),
    async close() {
      signalTree(child, 'SIGCONT');
      signalTree(child, 'SIGTERM');
      const timer = setTimeout(() => signalTree(child, 'SIGKILL'), 5_000);
      await exited(child);
      clearTimeout(timer);
      cleanup();
    },
  };
  return server.start().then(() => server);
}

/** A throwaway redis-server on a free port (no persistence). */
export async function startRedisServer(): Promise<FaultServer> {
  const port = await freePort();
  const launch = () =>
    spawnUntil(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
      'Ready to accept connections',
      { detached: true },
    );
  return faultServer(`redis://127.0.0.1:${port}`, port, launch, () => undefined);
}

/** A throwaway nats-server with JetStream (its store survives kill/start) on a free port. */
export async function startNatsServer(): Promise<FaultServer> {
  const port = await freePort();
  const storeDir = mkdtempSync(path.join(tmpdir(), 'wfm-fault-nats-'));
  const launch = () =>
    spawnUntil('nats-server', ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], 'Server is ready', { detached: true });
  return faultServer(`nats://127.0.0.1:${port}`, port, launch, () => rmSync(storeDir, { recursive: true, force: true }));
}

const PG_BIN = '/usr/lib/postgresql/15/bin';

/**
 * A throwaway PostgreSQL cluster (initdb, trust auth, user postgres) on a free port. As root, the
 * cluster runs as the `postgres` user, as PostgreSQL requires.
 */
export async function startPostgresServer(): Promise<FaultServer> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'wfm-fault-pg-'));
  const asUser: SpawnOptions = {};
  if (userInfo().uid === 0) {
    asUser.uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    asUser.gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, asUser.uid, asUser.gid);
  }
  const dataDir = path.join(dir, 'data');
  execFileSync(`${PG_BIN}/initdb`, ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync'], {
    ...(asUser.uid !== undefined ? { uid: asUser.uid, gid: asUser.gid } : {}),
    stdio: 'ignore',
  });
  const launch = () =>
    spawnUntil(
      `${PG_BIN}/postgres`,
      ['-D', dataDir, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'max_connections=50'],
      'database system is ready to accept connections',
      { ...asUser, detached: true },
    );
  return faultServer(`postgres://postgres@127.0.0.1:${port}/postgres`, port, launch, () =>
    rmSync(dir, { recursive: true, force: true }),
  );
}
