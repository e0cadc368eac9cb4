/**
 * The Docker engine and the Compose of `npm run smoke:compose`: finds them, and where they are
 * missing installs Debian's packages (docker.io, docker-compose) and starts dockerd, so the smoke
 * test needs nothing installed by hand on a Debian machine.
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** Logs and build contexts of the smoke test (never inside the repository). */
export const SMOKE_DIR = path.join(tmpdir(), 'wfm-compose-smoke');

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  input?: string;
  timeoutMs?: number;
  /** Appends stdout and stderr to this file instead of keeping them (long builds). */
  logFile?: string;
}

/** Runs a command to its end; never throws for a non-zero exit (see `check`). */
export function run(cmd: string, args: readonly string[], opts: RunOptions = {}): Promise<RunResult> {
  return new Promise((resolve) => {
    let log: number | undefined;
    if (opts.logFile) {
      mkdirSync(path.dirname(opts.logFile), { recursive: true });
      log = openSync(opts.logFile, 'a');
    }
    const child = spawn(cmd, args, {
      cwd: opts.cwd,
      env: opts.env ?? process.env,
      stdio: [opts.input === undefined ? 'ignore' : 'pipe', log ?? 'pipe', log ?? 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8').on('data', (d: string) => { stdout += d; });
    child.stderr?.setEncoding('utf8').on('data', (d: string) => { stderr += d; });
    if (opts.input !== undefined) child.stdin?.end(opts.input);
    const timer = opts.timeoutMs
      ? setTimeout(() => {
        stderr += `\n(killed after ${opts.timeoutMs} ms)`;
        child.kill('SIGKILL');
      }, opts.timeoutMs)
      : undefined;
    const done = (code: number) => {
      if (timer) clearTimeout(timer);
      if (log !== undefined) closeSync(log);
      resolve({ code, stdout, stderr });
    };
    child.once('error', (err) => {
      stderr += err.message;
      done(127);
    });
    child.once('close', (code) => done(code ?? 1));
  });
}

/** Runs a command and returns its stdout; throws with its output when it fails. */
export async function check(cmd: string, args: readonly string[], opts: RunOptions = {}): Promise<string> {
  const res = await run(cmd, args, opts);
  if (res.code !== 0) {
    const said = opts.logFile ? `see ${opts.logFile}` : `${res.stderr.trim() || res.stdout.trim()}`.split('\n').slice(-15).join('\n');
    throw new Error(`${cmd} ${args.join(' ')} exited with ${res.code}: ${said}`);
  }
  return res.stdout;
}

const commandExists = async (cmd: string): Promise<boolean> => (await run('sh', ['-c', `command -v ${cmd}`])).code === 0;

const isRoot = () => process.getuid?.() === 0;

/** Installs Debian packages (apt-get, as root), once per run: `apt-get update` first. */
let aptUpdated = false;
export async function aptInstall(packages: readonly string[], say: (line: string) => void): Promise<void> {
  if (!isRoot()) throw new Error(`${packages.join(', ')} missing and not root: install them (apt-get install ${packages.join(' ')}) or run as root`);
  if (!(await commandExists('apt-get'))) throw new Error(`${packages.join(', ')} missing and there is no apt-get to install them`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const logFile = path.join(SMOKE_DIR, 'apt.log');
  say(`installing Debian packages: ${packages.join(' ')} (log: ${logFile})`);
  if (!aptUpdated) {
    await check('apt-get', ['update'], { env, logFile, timeoutMs: 600_000 });
    aptUpdated = true;
  }
  await check('apt-get', ['install', '-y', '--no-install-recommends', ...packages], { env, logFile, timeoutMs: 900_000 });
}

/** Installs each command's Debian package when the command is missing. */
export async function ensureCommands(wanted: Record<string, string>, say: (line: string) => void): Promise<void> {
  const missing: string[] = [];
  for (const [cmd, pkg] of Object.entries(wanted)) {
    if (!(await commandExists(cmd)) && !missing.includes(pkg)) missing.push(pkg);
  }
  if (missing.length > 0) await aptInstall(missing, say);
}

const engineAnswers = async (): Promise<boolean> => (await run('docker', ['info', '--format', '{{.ServerVersion}}'], { timeoutMs: 20_000 })).code === 0;

/**
 * A Docker engine that answers: the one running, or Debian's docker.io installed when dockerd is
 * missing and started in the background (it keeps running after the smoke test; its log is
 * SMOKE_DIR/dockerd.log). Returns what it did.
 */
export async function ensureDockerEngine(say: (line: string) => void): Promise<string> {
  if ((await commandExists('docker')) && (await engineAnswers())) return 'a Docker engine answers';
  await ensureCommands({ dockerd: 'docker.io', docker: 'docker.io' }, say);
  if (await engineAnswers()) return 'a Docker engine answers (after installing docker.io)';
  if (!isRoot()) throw new Error('no Docker engine answers and starting dockerd needs root');
  mkdirSync(SMOKE_DIR, { recursive: true });
  const logFile = path.join(SMOKE_DIR, 'dockerd.log');
  const log = openSync(logFile, 'a');
  const daemon = spawn('dockerd', [], { detached: true, stdio: ['ignore', log, log] });
  closeSync(log);
  daemon.unref();
  say(`started dockerd (pid ${daemon.pid}, log ${logFile})`);
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (await engineAnswers()) return `started dockerd (pid ${daemon.pid})`;
    if (daemon.exitCode !== null) break;
    await sleep(1000);
  }
  throw new Error(`dockerd did not answer within 90 s: see ${logFile}`);
}

export interface ComposeCommand {
  /** The command and its first arguments: ['docker', 'compose'] or ['docker-compose']. */
  argv: string[];
  version: string;
}

/**
 * The Compose to run: Compose v2 (`docker compose`) when the Docker CLI has it, else a
 * `docker-compose` (v2 standalone or Debian's 1.29), else Debian's docker-compose installed.
 */
export async function findCompose(say: (line: string) => void): Promise<ComposeCommand> {
  const v2 = await run('docker', ['compose', 'version', '--short']);
  if (v2.code === 0) return { argv: ['docker', 'compose'], version: v2.stdout.trim() };
  if (!(await commandExists('docker-compose'))) await aptInstall(['docker-compose'], say);
  const v1 = await run('docker-compose', ['version', '--short']);
  if (v1.code !== 0) throw new Error(`docker-compose does not run: ${v1.stderr.trim()}`);
  return { argv: ['docker-compose'], version: v1.stdout.trim() };
}

/**
 * How `docker build` builds here: BuildKit when the CLI has buildx or is older than 23 (whose
 * BuildKit is built in); else the classic builder (a CLI 23+ without buildx cannot use BuildKit).
 * The Dockerfiles work with both.
 */
export interface DockerBuild {
  env: NodeJS.ProcessEnv;
  /** Extra `docker build` arguments: the classic builder also removes the containers of failed steps. */
  args: string[];
  builder: string;
}

export async function dockerBuildEnv(): Promise<DockerBuild> {
  if ((await run('docker', ['buildx', 'version'])).code === 0) return { env: { ...process.env, DOCKER_BUILDKIT: '1' }, args: [], builder: 'BuildKit (buildx)' };
  const client = (await run('docker', ['version', '--format', '{{.Client.Version}}'])).stdout.trim();
  const major = Number(/^(\d+)/.exec(client)?.[1] ?? 0);
  if (major > 0 && major < 23) return { env: { ...process.env, DOCKER_BUILDKIT: '1' }, args: [], builder: `BuildKit (CLI ${client})` };
  return { env: { ...process.env, DOCKER_BUILDKIT: '0' }, args: ['--force-rm'], builder: `classic builder (CLI ${client} without buildx)` };
}
