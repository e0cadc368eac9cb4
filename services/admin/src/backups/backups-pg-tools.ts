import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { UnrecoverableError } from 'bullmq';
import postgres from 'postgres';
import { readServerVersion } from './backups-repository.ts';

export type PgTool = 'pg_dump' | 'pg_restore';

export interface PgToolsOptions {
  /** Directory holding pg_dump and pg_restore (PG_BIN_DIR); default: found on PATH. */
  binDir?: string | undefined;
}

export interface PgVersion {
  major: number;
  text: string;
}

/** The tools are missing or cannot work with this server: retrying will not help. */
export class PgToolUnavailableError extends UnrecoverableError {
  override name = 'PgToolUnavailableError';
}

const OUTPUT_TAIL = 2_000;

/** "pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)" -> 15; "... 16beta2" -> 16. */
export function parseClientVersion(output: string): PgVersion | null {
  const match = /\(PostgreSQL\)\s+((\d+)[^\s]*)/.exec(output);
  return match ? { major: Number(match[2]), text: match[1]! } : null;
}

const executable = (tool: PgTool, opts: PgToolsOptions) => (opts.binDir ? path.join(opts.binDir, tool) : tool);
const where = (opts: PgToolsOptions) => (opts.binDir ? `in ${opts.binDir}` : 'on PATH');

/**
 * libpq connection for the tools: the URL without its password (argv is visible to other local
 * users), the password in PGPASSWORD.
 */
function libpqTarget(databaseUrl: string): { dbname: string; env: Record<string, string> } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(file: string, args: string[], env: Record<string, string>): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    // English messages: errors are shown to staff and matched against TRANSIENT.
    const child = spawn(file, args, { env: { ...process.env, LC_ALL: 'C', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout = (stdout + chunk.toString()).slice(-OUTPUT_TAIL);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-OUTPUT_TAIL);
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export async function clientVersion(tool: PgTool, opts: PgToolsOptions, serverMajor: number): Promise<PgVersion> {
  let result: RunResult;
  try {
    result = await run(executable(tool, opts), ['--version'], {});
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EACCES') {
      throw new PgToolUnavailableError(
        `${tool} was not found ${where(opts)}: install the PostgreSQL ${serverMajor} client tools ` +
          `(postgresql-client-${serverMajor}) or set PG_BIN_DIR to their directory`,
      );
    }
    throw err;
  }
  const version = result.code === 0 ? parseClientVersion(result.stdout) : null;
  if (!version) {
    throw new PgToolUnavailableError(`${tool} ${where(opts)} did not report a PostgreSQL version: ${result.stdout.trim() || result.stderr.trim()}`);
  }
  return version;
}

export async function serverVersion(databaseUrl: string): Promise<PgVersion> {
  const sql = postgres(databaseUrl, { max: 1, connect_timeout: 10, onnotice: () => undefined });
  try {
    const row = await readServerVersion(sql);
    return { major: Math.floor(Number(row.num) / 10_000), text: row.text.split(' ')[0]! };
  } finally {
    await sql.end({ timeout: 1 });
  }
}

/**
 * pg_dump refuses servers newer than itself, and a pg_restore older than the server may emit SQL
 * the server rejects: check before anything is written, with a message that says what to install.
 */
export async function assertToolMatchesServer(tool: PgTool, databaseUrl: string, opts: PgToolsOptions): Promise<void> {
  const server = await serverVersion(databaseUrl);
  const client = await clientVersion(tool, opts, server.major);
  if (client.major < server.major) {
    throw new PgToolUnavailableError(
      `${tool} ${client.text} cannot be used with PostgreSQL server ${server.text}: install the PostgreSQL ` +
        `${server.major} client tools (postgresql-client-${server.major}) or set PG_BIN_DIR to their directory`,
    );
  }
}

/**
 * Runs pg_dump or pg_restore against `databaseUrl`. Rejects with the tool's error: a retryable Error
 * when the server was unreachable or a lock was not granted in time, else an UnrecoverableError.
 */
export async function runPgTool(
  tool: PgTool,
  args: string[],
  opts: PgToolsOptions & { databaseUrl: string; env?: Record<string, string> },
): Promise<void> {
  const target = libpqTarget(opts.databaseUrl);
  const result = await run(executable(tool, opts), [`--dbname=${target.dbname}`, '--no-password', ...args], {
    ...target.env,
    ...opts.env,
  });
  if (result.code !== 0) {
    const message = `${tool} failed (exit code ${result.code ?? 'signal'})${errorDetail(result.stderr)}`;
    const transient = TRANSIENT.test(result.stderr) && !PERMANENT.test(result.stderr);
    throw transient ? new Error(message) : new UnrecoverableError(message);
  }
}

/**
 * The table of contents of a custom-format archive (`pg_restore --list`), one entry a line, as
 * `--use-list` reads it back. Needs no database connection.
 */
export async function listArchive(file: string, opts: PgToolsOptions): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'wfm-restore-list-'));
  try {
    const listFile = path.join(dir, 'toc.list');
    const result = await run(executable('pg_restore', opts), ['--list', `--file=${listFile}`, file], {});
    if (result.code !== 0) {
      throw new UnrecoverableError(`pg_restore --list failed (exit code ${result.code ?? 'signal'})${errorDetail(result.stderr)}`);
    }
    return await readFile(listFile, 'utf8');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Failures worth retrying: the server was unreachable or busy, or a lock could not be had in time. */
const TRANSIENT =
  /could not connect|connection to server|server closed the connection|terminating connection|too many clients|the database system is (starting up|shutting down|in recovery)|lock timeout|could not obtain lock|deadlock detected|could not serialize/i;

/** Connection failures that another attempt will not fix. */
const PERMANENT = /authentication failed|no pg_hba\.conf entry|(role|database) "[^"]*" does not exist|permission denied/i;

/** The first error and its DETAIL line, else the last lines of the tool's output. */
function errorDetail(stderr: string): string {
  const lines = stderr.trim().split('\n').map((line) => line.trim()).filter(Boolean);
  if (lines.length === 0) return '';
  const first = lines.findIndex((line) => /error:/i.test(line));
  const picked = first >= 0 ? lines.slice(first, first + 2) : lines.slice(-3);
  return `: ${picked.join(' ')}`;
}
