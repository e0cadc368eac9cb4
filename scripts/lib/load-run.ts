/**
 * One load measurement in a fresh process (spawned by load-generator.ts): a warm-up, then the
 * measured autocannon run; prints its figures as one JSON line. A fresh process per measurement
 * means no measurement inherits the load generator's heap or JIT state from the one before.
 */
import autocannon from 'autocannon';
import { cpuMicrosOf } from './process-cpu.ts';
import type { LoadResult, LoadSpec } from './load-generator.ts';

const spec = JSON.parse(process.argv[2]!) as LoadSpec;
const options = { url: spec.url, connections: spec.connections };

await autocannon({ ...options, duration: spec.warmUpSeconds });
const serverBefore = spec.serverPid === undefined ? 0 : cpuMicrosOf(spec.serverPid);
const clientBefore = process.cpuUsage();
const result = await autocannon({ ...options, duration: spec.seconds });
const client = process.cpuUsage(clientBefore);
const figures: LoadResult = {
  reqPerSec: result.requests.average,
  requests: result.requests.total,
  p50: result.latency.p50,
  p99: result.latency.p99,
  non2xx: result.non2xx,
  errors: result.errors,
  clientCpuMicros: client.user + client.system,
  serverCpuMicros: spec.serverPid === undefined ? undefined : cpuMicrosOf(spec.serverPid) - serverBefore,
};
process.stdout.write(`${JSON.stringify(figures)}\n`);
