import { spawn } from 'node:child_process';
import path from 'node:path';

export interface LoadSpec {
  url: string;
  connections: number;
  seconds: number;
  warmUpSeconds: number;
  /** A process whose CPU time over the measured run is reported (the server under load). */
  serverPid?: number;
  /** More processes whose CPU time over the measured run is reported, by name. */
  otherPids?: Record<string, number>;
  /** Also measure the CPU of this machine's PostgreSQL and Redis processes. */
  serverCpu?: boolean;
  /**
   * Paths (with query) requested one after the other across all connections, warm-up first, each
   * once while they last (then from the start again): every request a different URL.
   */
  paths?: string[];
  /** An answer header every answer must carry (e.g. `x-cache: MISS`); others count as `unexpected`. */
  expectHeader?: { name: string; value: string };
  /** Request headers sent with every request (e.g. `accept-encoding: gzip`, as browsers send). */
  headers?: Record<string, string>;
}

export interface LoadResult {
  reqPerSec: number;
  requests: number;
  /** ms */
  p50: number;
  /** ms */
  p99: number;
  non2xx: number;
  errors: number;
  /** 2xx answers without `expectHeader` (0 when none is expected). */
  unexpected: number;
  /** CPU time autocannon used over the measured run, µs. */
  clientCpuMicros: number;
  /** CPU time the server process used over the measured run, µs. */
  serverCpuMicros: number | undefined;
  /** CPU time of `otherPids` (and `postgres` when asked) over the measured run, µs by name. */
  otherCpuMicros: Record<string, number>;
}

const RUNNER = path.join(import.meta.dirname, 'load-run.ts');

/** Runs autocannon against `spec.url` in its own process and returns what it measured. */
export function runLoad(spec: LoadSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    // The spec goes through stdin: a list of paths can exceed what one argument may hold.
    const child = spawn(process.execPath, ['--import', 'tsx', RUNNER], { stdio: ['pipe', 'pipe', 'inherit'] });
    child.stdin.end(JSON.stringify(spec));
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`the load generator exited with code ${code}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').at(-1)!) as LoadResult);
      } catch (err) {
        reject(new Error(`the load generator printed no figures: ${String(err)}`));
      }
    });
  });
}
