import { signStaffHeaders } from '@wfm/service-kit';

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
  /** Throws when a launched process died (the figures would mislead). */
  checkAlive(): void;
}

export const AMA_BENCH_VISITORS = 2_000;
export const AMA_BENCH_PLACES = 500;

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

/** Sends `count` requests over `connections` concurrent workers; each request built by `make(i)`. */
async function runRequests(count: number, connections: number, make: (i: number) => [string, RequestInit]): Promise<RunFigures> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const byStatus = new Map<number, number[]>();
  let errors = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      for (let i = next++; i < count; i = next++) {
        const [url, init] = make(i);
        const t0 = performance.now();
        try {
          const res = await fetch(url, init);
          await res.arrayBuffer();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          const list = byStatus.get(res.status) ?? [];
          list.push(performance.now() - t0);
          byStatus.set(res.status, list);
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
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

async function createSession(amaUrl: string, staffSecret: string): Promise<number> {
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
      max_participants: AMA_BENCH_PLACES,
      max_questions: 50,
    }),
  });
  if (res.status !== 201) throw new Error(`creating the bench session answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

export async function benchAma(deps: AmaBenchDeps): Promise<void> {
  const { gatewayUrl, connections } = deps;
  const tokens = await issueTokens(gatewayUrl, AMA_BENCH_VISITORS, connections);
  const sessionId = await createSession(deps.amaUrl, deps.staffSecret);
  console.log(
    `\n${AMA_BENCH_VISITORS} verified visitors book one ${AMA_BENCH_PLACES}-place session through the gateway — ${connections} connections, loopback\n`,
  );

  const healthz = (): [string, RequestInit] => [`${gatewayUrl}/healthz`, {}];
  const ceilingBefore = await runRequests(AMA_BENCH_VISITORS, connections, healthz);
  console.log(line('GET /healthz (ceiling, no proxy)', ceilingBefore));
  const booking = await runRequests(AMA_BENCH_VISITORS, connections, (i) => [
    `${gatewayUrl}/api/ama/sessions/${sessionId}/book`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-anon-token': tokens[i]! },
      body: JSON.stringify({
        participant_name: `Bench Visitor ${i}`,
        participant_email: `visitor${i}@bench.example`,
        participant_phone: `+1555${String(i).padStart(6, '0')}`,
        payment_method: (['paypal', 'gcash', 'bank_transfer'] as const)[i % 3],
      }),
    },
  ]);
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
  const ceiling = (ceilingBefore.reqPerSec + ceilingAfter.reqPerSec) / 2;
  console.log(`booking req/s: ${booking.reqPerSec.toFixed(0)}   p50 ms: ${booking.p50.toFixed(1)}   p99 ms: ${booking.p99.toFixed(1)}`);
  console.log(`ratio booking/ceiling: ${(booking.reqPerSec / ceiling).toFixed(2)}`);
}
