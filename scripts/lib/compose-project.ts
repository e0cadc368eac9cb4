/**
 * One compose project of `npm run smoke:compose`: docker-compose.yml as shipped, run with the
 * Compose found (v2 or Debian's 1.29) under its own project name, with only image names, secrets
 * and the published port given by environment.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { check, run, SMOKE_DIR, type ComposeCommand, type RunResult } from './compose-engine.ts';

export interface ContainerState {
  id: string;
  service: string;
  status: string;
  health: string;
  restarts: number;
  exitCode: number;
  /** Published ports: "hostIp:hostPort->containerPort/proto". */
  published: string[];
}

/** URL-safe random secrets for every variable the compose file reads a secret or password from. */
export function composeSecrets(): Record<string, string> {
  const hex = (bytes: number) => randomBytes(bytes).toString('hex');
  const secrets: Record<string, string> = {
    STAFF_HEADER_SECRET: hex(32),
    VISITOR_TOKEN_SECRET: hex(32),
    ADMIN_PASSWORD: hex(16),
    POSTGRES_PASSWORD: hex(24),
  };
  for (const name of ['IDENTITY_SVC', 'FORUM_SVC', 'CATALOG_SVC', 'AMA_SVC', 'JOBS_SVC', 'ADMIN_SVC', 'WFM_BACKUP', 'WFM_RESTORE']) {
    secrets[`${name}_PASSWORD`] = hex(24);
  }
  return secrets;
}

/**
 * A free port on 127.0.0.1 below the kernel's ephemeral range, for compose to publish on. Compose
 * binds it only when the gateway starts, a minute or more later; a port from the ephemeral range
 * (what binding port 0 gives) is by then often taken by some connection or test on a busy machine.
 */
export async function publishablePort(): Promise<number> {
  let low = 32768;
  try {
    low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || low;
  } catch {
    // Not Linux: the usual lower bound.
  }
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = randomInt(20_000, Math.max(20_001, low));
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port between 20000 and the ephemeral range');
}

export class ComposeProject {
  readonly file: string;

  constructor(
    readonly compose: ComposeCommand,
    readonly name: string,
    root: string,
    /** Variables for compose's interpolation: images, secrets, the published port. */
    readonly variables: Record<string, string>,
  ) {
    this.file = path.join(root, 'docker-compose.yml');
  }

  /** Runs one compose command of this project (stdout and stderr kept). */
  exec(args: readonly string[], timeoutMs = 300_000): Promise<RunResult> {
    const [cmd, ...first] = this.compose.argv;
    // No COMPOSE_FILE/COMPOSE_PROJECT_NAME of the caller's shell: -f and -p say which.
    const env = { ...process.env, COMPOSE_FILE: undefined, COMPOSE_PROJECT_NAME: undefined, ...this.variables };
    return run(cmd!, [...first, '-f', this.file, '-p', this.name, ...args], {
      env,
      timeoutMs,
      logFile: path.join(SMOKE_DIR, `compose-${this.name}.log`),
    });
  }

  async execOk(args: readonly string[], timeoutMs?: number): Promise<void> {
    const res = await this.exec(args, timeoutMs);
    if (res.code !== 0) throw new Error(`compose ${args.join(' ')} exited with ${res.code}: see ${path.join(SMOKE_DIR, `compose-${this.name}.log`)}`);
  }

  /** The project's containers (by compose's labels, so the same for v2 and 1.29). */
  async containers(): Promise<ContainerState[]> {
    const ids = (await check('docker', ['ps', '-aq', '--filter', `label=com.docker.compose.project=${this.name}`])).split('\n').filter(Boolean);
    if (ids.length === 0) return [];
    const format = [
      '{{.Id}}',
      '{{index .Config.Labels "com.docker.compose.service"}}',
      '{{.State.Status}}',
      '{{if .State.Health}}{{.State.Health.Status}}{{else}}none{{end}}',
      '{{.RestartCount}}',
      '{{.State.ExitCode}}',
      '{{range $port, $binds := .HostConfig.PortBindings}}{{range $binds}}{{.HostIp}}:{{.HostPort}}->{{$port}} {{end}}{{end}}',
    ].join('|');
    const lines = (await check('docker', ['inspect', '--format', format, ...ids])).split('\n').filter(Boolean);
    return lines.map((line) => {
      const [id, service, status, health, restarts, exitCode, published] = line.split('|') as [string, string, string, string, string, string, string];
      return { id, service, status, health, restarts: Number(restarts), exitCode: Number(exitCode), published: published.split(' ').filter(Boolean) };
    });
  }

  /**
   * Waits until every service named has a running, healthy container and nothing is unhealthy;
   * returns their states. Fails early when a container stays exited.
   */
  async waitHealthy(services: readonly string[], timeoutMs: number): Promise<ContainerState[]> {
    const deadline = Date.now() + timeoutMs;
    let last: ContainerState[] = [];
    while (Date.now() < deadline) {
      last = await this.containers();
      const healthy = services.every((s) => last.some((c) => c.service === s && c.status === 'running' && c.health === 'healthy'));
      if (healthy && last.every((c) => c.health === 'healthy')) return last;
      await sleep(1000);
    }
    const waiting = services.filter((s) => !last.some((c) => c.service === s && c.status === 'running' && c.health === 'healthy'));
    throw new Error(`not healthy within ${timeoutMs / 1000} s: ${waiting.map((s) => {
      const c = last.find((x) => x.service === s);
      return c ? `${s} (${c.status}, ${c.health})` : `${s} (no container)`;
    }).join(', ')}`);
  }

  /** What `down -v` must have removed: the project's containers, volumes and networks. */
  async leftovers(): Promise<string[]> {
    const label = `label=com.docker.compose.project=${this.name}`;
    const containers = (await check('docker', ['ps', '-aq', '--filter', label])).split('\n').filter(Boolean);
    const volumes = (await check('docker', ['volume', 'ls', '-q', '--filter', label])).split('\n').filter(Boolean);
    const networks = (await check('docker', ['network', 'ls', '-q', '--filter', label])).split('\n').filter(Boolean);
    return [
      ...containers.map((c) => `container ${c.slice(0, 12)}`),
      ...volumes.map((v) => `volume ${v}`),
      ...networks.map((n) => `network ${n}`),
    ];
  }
}
