import { spawn } from 'node:child_process';
import path from 'node:path';

export interface LoadSpec {
  url: string;
  connections: number;
  seconds: number;
  warmUpSeconds: number;
  /** A process whose CPU time over the measured run is reported (the server under load). */
  serverPid?: number;
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
  /** CPU time autocannon used over the measured run, µs. */
  clientCpuMicros: number;
  /** CPU time the server process used over the measured run, µs. */
  serverCpuMicros: number | undefined;
}

const RUNNER = path.join(import.meta.dirname, 'load-run.ts');

/** Runs autocannon against `spec.url` in its own process and returns what it measured. */
export function runLoad(spec: LoadSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', RUNNER, JSON.stringify(spec)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
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
