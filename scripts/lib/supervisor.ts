import type { ChildProcess } from 'node:child_process';

/** The launcher's restart policy: like compose `restart: unless-stopped` and Kubernetes `restartPolicy: Always`. */
export const RESTART_POLICY = {
  /** Wait before the first restart; doubles with each restart in a row. */
  initialDelayMs: 500,
  maxDelayMs: 10_000,
  /** A process that stayed up this long starts again from initialDelayMs when it next dies. */
  resetAfterMs: 10_000,
};

export interface SuperviseOptions {
  name: string;
  /** Spawns the process; called again for every restart. */
  start(): ChildProcess;
  /** Default true; false: a process that dies stays down (its exit is still logged). */
  restart?: boolean;
  policy?: Partial<typeof RESTART_POLICY>;
  /** Where the exit and restart lines go; default console.error. */
  log?: (line: string) => void;
  /** Called with every new process (the first one included). */
  onStart?(child: ChildProcess): void;
}

export interface SupervisedProcess {
  readonly name: string;
  /** The process running now (or the last one, while a restart waits). */
  readonly child: ChildProcess;
  /** Restarts so far. */
  readonly restarts: number;
  /** No more restarts: SIGTERM, then SIGKILL after `killAfterMs` (default 10 s); resolves once it exited. */
  stop(killAfterMs?: number): Promise<void>;
}

const describeExit = (code: number | null, signal: NodeJS.Signals | null) =>
  signal ? `was killed by ${signal}` : `exited with code ${code}`;

/**
 * Runs a process and starts it again whenever it dies (an exit of any code, or a signal such as
 * SIGKILL) until stop() is called, waiting 0.5 s, then 1 s, 2 s, ... up to 10 s between restarts
 * in a row; a process that stayed up 10 s starts the sequence again. Each death is logged with the
 * process name and its exit code or signal.
 */
export function supervise(opts: SuperviseOptions): SupervisedProcess {
  const policy = { ...RESTART_POLICY, ...opts.policy };
  const log = opts.log ?? ((line: string) => console.error(line));
  let stopping = false;
  let restarts = 0;
  let delay = policy.initialDelayMs;
  let timer: NodeJS.Timeout | undefined;
  let child: ChildProcess;

  const spawnOne = () => {
    const startedAt = Date.now();
    child = opts.start();
    opts.onStart?.(child);
    child.once('exit', (code, signal) => {
      if (stopping) return;
      if (opts.restart === false) {
        log(`[${opts.name}] ${describeExit(code, signal)}; not restarting (restarts are off)`);
        return;
      }
      if (Date.now() - startedAt >= policy.resetAfterMs) delay = policy.initialDelayMs;
      log(`[${opts.name}] ${describeExit(code, signal)}; restarting in ${delay} ms (restart ${restarts + 1})`);
      timer = setTimeout(() => {
        timer = undefined;
        if (stopping) return;
        restarts++;
        spawnOne();
      }, delay);
      delay = Math.min(delay * 2, policy.maxDelayMs);
    });
  };
  spawnOne();

  return {
    name: opts.name,
    get child() {
      return child;
    },
    get restarts() {
      return restarts;
    },
    stop(killAfterMs = 10_000) {
      stopping = true;
      clearTimeout(timer);
      const current = child;
      return new Promise<void>((resolve) => {
        if (current.exitCode !== null || current.signalCode !== null) return resolve();
        const kill = setTimeout(() => current.kill('SIGKILL'), killAfterMs);
        current.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        current.kill('SIGTERM');
      });
    },
  };
}
