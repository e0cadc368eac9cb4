import { Agent, request } from 'node:http';
import { signStaffHeaders } from '@wfm/service-kit';
import { cpuBetween, cpuMicrosOf, cpuOfProcessesNamed } from './process-cpu.ts';

/**
 * `npm run bench ama`: 2,000 verified visitors (tokens issued by identity through the gateway) try
 * to book one 500-place session through the gateway at BENCH_CONNECTIONS connections. Exactly 500
 * bookings must exist afterwards and every other answer must be a clear 4xx (409 Session full);
 * any 5xx or transport error fails the bench. The visitors all call from loopback, so the run sets
 * the seat share (AMA_SEAT_SHARE_PERCENT) to every place; its count is still made for each booking. The ceiling is the gateway's no-I/O /healthz, sent by
 * the same client the same number of times right before and after, so the ratio compares like with like.
 */

export interface AmaBenchDeps {
  gatewayUrl: string;
  amaUrl: string;
  staffSecret: string;
  connections: number;
  /** The run's processes by name (gateway, ama-booking, …): their CPU per booking is printed. */
  pids: ReadonlyMap<string, number>;
  /** Throws when a launched process died (the figures would mislead). */
  checkAlive(): void;
}

export const AMA_BENCH_VISITORS = 2_000;
export const AMA_BENCH_PLACES = 500;
/**
 * Before the rush, a smaller rush on another session: a rush meets a service that has been serving,
 * with its code compiled and its connections open, not one that has just started.
 */
const WARM_UP_VISITORS = 300;
const WARM_UP_PLACES = 100;

interface RunFigures {
  reqPerSec: number;
  p50: number;
  p99: number;
  statuses: Map<number, number>;
  /** Latencies (ms, sorted) by answer status. */
  byStatus: Map<number, number[]>;
  errors: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

interface BenchRequest {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/**
 * One request over a keep-alive agent, answering its status once the body is read. node:http rather
 * than fetch: the bench shares the machine's two cores with the site, and fetch cost the client
 * about 550 µs per request, as much as the gateway; node:http costs a third of that.
 */
function send(agent: Agent, { url, method = 'GET', headers = {}, body }: BenchRequest): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, method, headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Sends `count` requests over `connections` concurrent workers (one keep-alive socket each); each request built by `make(i)`. */
async function runRequests(count: number, connections: number, make: (i: number) => BenchRequest): Promise<RunFigures> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const byStatus = new Map<number, number[]>();
  let errors = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      for (let i = next++; i < count; i = next++) {
        const t0 = performance.now();
        try {
          const status = await send(agent, make(i));
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          const list = byStatus.get(status) ?? [];
          list.push(performance.now() - t0);
          byStatus.set(status, list);
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  for (const list of byStatus.values()) list.sort((a, b) => a - b);
  return { reqPerSec: count / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), statuses, byStatus, errors };
}

const line = (label: string, f: RunFigures) =>
  `${label.padEnd(40)} ${f.reqPerSec.toFixed(0).padStart(7)} req/s   p50 ${f.p50.toFixed(1).padStart(6)} ms   p99 ${f.p99.toFixed(1).padStart(7)} ms`;

async function issueTokens(gatewayUrl: string, count: number, connections: number): Promise<string[]> {
  const tokens: string[] = new Array<string>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      for (let i = next++; i < count; i = next++) {
        const res = await fetch(`${gatewayUrl}/api/session`, { method: 'POST' });
        if (res.status !== 200 && res.status !== 201) throw new Error(`POST /api/session answered ${res.status}: ${await res.text()}`);
        tokens[i] = ((await res.json()) as { anon_token: string }).anon_token;
      }
    }),
  );
  return tokens;
}

async function createSession(amaUrl: string, staffSecret: string, places: number): Promise<number> {
  const path = '/api/admin/ama/sessions';
  const headers = {
    'content-type': 'application/json',
    ...signStaffHeaders(staffSecret, { id: 1, username: 'bench-admin', role: 'Admin' }, { method: 'POST', url: path }),
  };
  const res = await fetch(`${amaUrl}${path}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      title: 'Bench: capacity planning AMA',
      host_name: 'Bench Host',
      scheduled_time: Date.now() + 7 * 24 * 3_600_000,
      duration_minutes: 60,
      max_participants: places,
      max_questions: 50,
    }),
  });
  if (res.status !== 201) throw new Error(`creating the bench session answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

export async function benchAma(deps: AmaBenchDeps): Promise<void> {
  const { gatewayUrl, connections } = deps;
  const tokens = await issueTokens(gatewayUrl, AMA_BENCH_VISITORS, connections);
  const sessionId = await createSession(deps.amaUrl, deps.staffSecret, AMA_BENCH_PLACES);
  const warmUpSessionId = await createSession(deps.amaUrl, deps.staffSecret, WARM_UP_PLACES);
  console.log(
    `\n${AMA_BENCH_VISITORS} verified visitors book one ${AMA_BENCH_PLACES}-place session through the gateway — ${connections} connections, loopback\n`,
  );

  const healthz = (): BenchRequest => ({ url: `${gatewayUrl}/healthz` });
  const ceilingBefore = await runRequests(AMA_BENCH_VISITORS, connections, healthz);
  console.log(line('GET /healthz (ceiling, no proxy)', ceilingBefore));
  const book = (session: number, i: number, email: string): BenchRequest => ({
    url: `${gatewayUrl}/api/ama/sessions/${session}/book`,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-anon-token': tokens[i]! },
    body: JSON.stringify({
      participant_name: `Bench Visitor ${i}`,
      participant_email: email,
      participant_phone: `+1555${String(i).padStart(6, '0')}`,
      payment_method: (['paypal', 'gcash', 'bank_transfer'] as const)[i % 3],
    }),
  });
  const warmUp = await runRequests(WARM_UP_VISITORS, connections, (i) => book(warmUpSessionId, i, `warmup${i}@bench.example`));
  console.log(line(`warm-up: ${WARM_UP_VISITORS} visitors, ${WARM_UP_PLACES} places`, warmUp));
  if ((warmUp.statuses.get(201) ?? 0) !== WARM_UP_PLACES) throw new Error(`the warm-up stored ${warmUp.statuses.get(201) ?? 0} bookings, not ${WARM_UP_PLACES}`);
  const cpuBefore = cpuReadings(deps.pids);
  const booking = await runRequests(AMA_BENCH_VISITORS, connections, (i) => book(sessionId, i, `visitor${i}@bench.example`));
  const cpuAfter = cpuReadings(deps.pids);
  console.log(line(`POST /api/ama/sessions/{id}/book`, booking));
  const ceilingAfter = await runRequests(AMA_BENCH_VISITORS, connections, healthz);
  console.log(line('GET /healthz (ceiling, no proxy)', ceilingAfter));
  deps.checkAlive();

  const answers = [...booking.statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`).join(', ');
  for (const [status, list] of [...booking.byStatus.entries()].sort(([a], [b]) => a - b)) {
    console.log(`  answered ${status}: ${String(list.length).padStart(5)}   p50 ${percentile(list, 50).toFixed(1).padStart(6)} ms   p99 ${percentile(list, 99).toFixed(1).padStart(7)} ms`);
  }
  console.log(`\nanswers: ${answers}${booking.errors ? `, transport errors: ${booking.errors}` : ''}`);
  const created = booking.statuses.get(201) ?? 0;
  const refused = [...booking.statuses.entries()].filter(([s]) => s >= 400 && s < 500).reduce((n, [, c]) => n + c, 0);
  const countRes = await fetch(`${deps.amaUrl}/api/ama/sessions/${sessionId}/bookings/count?status=pending`);
  const stored = ((await countRes.json()) as { count: number }).count;
  console.log(`bookings stored: ${stored} (pending), answered 201: ${created}, clear 4xx: ${refused}`);
  if (stored !== AMA_BENCH_PLACES || created !== AMA_BENCH_PLACES) {
    throw new Error(`expected exactly ${AMA_BENCH_PLACES} bookings, found ${stored} stored and ${created} answered 201`);
  }
  if (booking.errors > 0 || created + refused !== AMA_BENCH_VISITORS) {
    throw new Error('some booking answers were neither 201 nor a clear 4xx');
  }
  const perBooking = [...cpuAfter.entries()]
    .map(([name, after]) => `${name} ${Math.round(cpuBetween(cpuBefore.get(name)!, after) / AMA_BENCH_VISITORS)}`)
    .join(', ');
  console.log(`CPU per booking answer (µs): ${perBooking}`);
  const ceiling = (ceilingBefore.reqPerSec + ceilingAfter.reqPerSec) / 2;
  console.log(`booking req/s: ${booking.reqPerSec.toFixed(0)}   p50 ms: ${booking.p50.toFixed(1)}   p99 ms: ${booking.p99.toFixed(1)}`);
  console.log(`ratio booking/ceiling: ${(booking.reqPerSec / ceiling).toFixed(2)}`);
}

/** CPU used so far by each named process of the run, PostgreSQL's and Redis's server processes and this bench's client. */
function cpuReadings(pids: ReadonlyMap<string, number>): Map<string, Map<number, number>> {
  const readings = new Map<string, Map<number, number>>();
  for (const [name, pid] of pids) readings.set(name, new Map([[pid, cpuMicrosOf(pid)]]));
  readings.set('postgres', cpuOfProcessesNamed('postgres'));
  readings.set('redis', cpuOfProcessesNamed('redis-server'));
  readings.set('bench client', new Map([[process.pid, cpuMicrosOf(process.pid)]]));
  return readings;
}
