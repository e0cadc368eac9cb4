/**
 * One load measurement in a fresh process (spawned by load-generator.ts): a warm-up, then the
 * measured autocannon run; prints its figures as one JSON line. A fresh process per measurement
 * means no measurement inherits the load generator's heap or JIT state from the one before.
 */
import autocannon from 'autocannon';
import { cpuBetween, cpuMicrosOf, cpuOfProcessesNamed } from './process-cpu.ts';
import type { LoadResult, LoadSpec } from './load-generator.ts';

let input = '';
for await (const chunk of process.stdin) input += String(chunk);
const spec = JSON.parse(input) as LoadSpec;

let unexpected = 0;
let next = 0;
const { paths, expectHeader } = spec;
const request: autocannon.Request = spec.headers ? { headers: spec.headers } : {};
// One counter for every connection (and the warm-up): each request takes the next path.
if (paths && paths.length > 0) request.setupRequest = (req) => ({ ...req, path: paths[next++ % paths.length]! });
if (expectHeader) {
  request.onResponse = (status, _body, _context, headers) => {
    // Header names as the server wrote them: compared case-insensitively.
    const name = Object.keys(headers ?? {}).find((key) => key.toLowerCase() === expectHeader.name.toLowerCase());
    const value = name === undefined ? undefined : headers?.[name];
    if (status >= 200 && status < 300 && value !== expectHeader.value) unexpected++;
  };
}
const options = { url: spec.url, connections: spec.connections, requests: [request] };

await autocannon({ ...options, duration: spec.warmUpSeconds });
unexpected = 0;
const serverBefore = spec.serverPid === undefined ? 0 : cpuMicrosOf(spec.serverPid);
const othersBefore = Object.entries(spec.otherPids ?? {}).map(([name, pid]) => [name, pid, cpuMicrosOf(pid)] as const);
// The shared servers on this machine: PostgreSQL's processes and Redis (rate limits, shared cache layer).
const serversOf = () => ({ PostgreSQL: cpuOfProcessesNamed('postgres'), Redis: cpuOfProcessesNamed('redis-server') });
const serversBefore = spec.serverCpu ? serversOf() : undefined;
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
  unexpected,
  clientCpuMicros: client.user + client.system,
  serverCpuMicros: spec.serverPid === undefined ? undefined : cpuMicrosOf(spec.serverPid) - serverBefore,
  otherCpuMicros: Object.fromEntries([
    ...othersBefore.map(([name, pid, before]) => [name, cpuMicrosOf(pid) - before]),
    ...(serversBefore
      ? Object.entries(serversOf()).map(([name, after]) => [name, cpuBetween(serversBefore[name as keyof typeof serversBefore], after)])
      : []),
  ]),
};
process.stdout.write(`${JSON.stringify(figures)}\n`);
