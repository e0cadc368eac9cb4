/** Longest a graceful shutdown may take before the process exits anyway (under Kubernetes' 30 s grace period). */
export const SHUTDOWN_TIMEOUT_MS = 25_000;

export interface ExitOnSignalsOptions {
  /** Logs "shutting down" with the signal, and failures. */
  logger?: { info(obj: object, msg: string): void; error(obj: object, msg: string): void } | undefined;
  /** Default SHUTDOWN_TIMEOUT_MS: past it the process exits 1 even if `stop` has not finished. */
  timeoutMs?: number;
  /** Default SIGTERM and SIGINT. */
  signals?: readonly NodeJS.Signals[];
  /** Default process.exit (tests give their own). */
  exit?: (code: number) => void;
}

/**
 * The one shutdown path of every process (services, worker, gateway, launchers): on the first
 * SIGTERM/SIGINT it logs, runs `stop` once (close listeners, drain, close what the process opened),
 * then exits 0, or 1 when `stop` fails or outlasts the timeout. A second signal while stopping gets
 * Node's default (the process ends at once: Ctrl-C twice forces it). Returns a function that removes
 * the listeners (a caller that closes by itself first).
 */
export function exitOnSignals(stop: (signal: NodeJS.Signals) => Promise<unknown>, options: ExitOnSignalsOptions = {}): () => void {
  const { logger, timeoutMs = SHUTDOWN_TIMEOUT_MS, signals = ['SIGTERM', 'SIGINT'] } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const remove = () => {
    for (const signal of signals) process.off(signal, onSignal);
  };
  const onSignal = (signal: NodeJS.Signals) => {
    remove();
    logger?.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger?.error({ timeoutMs }, 'shutdown timed out');
      exit(1);
    }, timeoutMs);
    timer.unref();
    Promise.resolve().then(() => stop(signal)).then(
      () => {
        clearTimeout(timer);
        exit(0);
      },
      (err: unknown) => {
        clearTimeout(timer);
        logger?.error({ err }, 'shutdown failed');
        exit(1);
      },
    );
  };
  for (const signal of signals) process.on(signal, onSignal);
  return remove;
}
