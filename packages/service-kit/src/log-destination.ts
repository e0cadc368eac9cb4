import { destination, type DestinationStream } from 'pino';

/** Lines wait at most this long in the buffer when traffic is too light to fill it. */
export const LOG_FLUSH_INTERVAL_MS = 1_000;
const BUFFER_BYTES = 4096;

/**
 * Every server process's log destination: lines are gathered up to 4 KB and written in one go,
 * instead of one write to stdout per line. At thousands of requests a second the access line's own
 * write cost 4 % of the gateway's CPU (docs/benchmarks.md, 2026-11-28). pino flushes the buffer when the process
 * exits (also on SIGTERM and an uncaught exception); a timer flushes it every LOG_FLUSH_INTERVAL_MS
 * so a warning on a quiet process still shows within a second. What a hard crash of the machine
 * loses: the last second of lines, at most 4 KB.
 */
export function bufferedLogDestination(dest: number | string = 1): { stream: DestinationStream; stop(): void } {
  const stream = destination({ dest, minLength: BUFFER_BYTES, sync: false });
  const timer = setInterval(() => {
    // Nothing to do while the file is still opening or the buffer is empty.
    try {
      stream.flush();
    } catch {
      /* not ready yet */
    }
  }, LOG_FLUSH_INTERVAL_MS);
  timer.unref();
  return {
    stream,
    stop() {
      clearInterval(timer);
      stream.flushSync();
    },
  };
}
