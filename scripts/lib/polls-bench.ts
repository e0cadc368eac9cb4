/**
 * `npm run bench polls`: 2,000 verified visitors vote on one poll through the gateway at 50
 * connections (req/s, p50, p99), the stored tally is checked against the 2xx answers exactly, then
 * the poll detail and the poll list are read through the gateway against its no-I/O ceiling
 * (/healthz) in the same run. The last line is `ratio polls/ceiling: <x.xx>` (the poll list).
 *
 * Visitors are tokens minted with the run's VISITOR_TOKEN_SECRET exactly as identity issues them
 * (every service verifies them the same way); asking identity for 2,000 sessions from one address
 * would only measure its per-address session limit.
 */
import { DEV_VISITOR_TOKEN_SECRET, issueVisitorToken } from '@wfm/service-kit';
import type { BenchGuard } from './bench-guard.ts';
import type { DistributedRun } from './distributed.ts';

export interface PollsBenchDeps {
  guard: BenchGuard;
  connections: number;
  startRun(database: string): Promise<DistributedRun>;
  stopRun(run: DistributedRun, database: string): Promise<void>;
  measure(label: string, url: string, opts?: { gatewayPid?: number }): Promise<{ reqPerSec: number }>;
}

const VOTERS = Number(process.env.BENCH_POLL_VOTERS ?? 2_000);
/** Other polls in the list, so the list read is a real page. */
const OTHER_POLLS = 40;

interface PollAnswer {
  id: number;
  total_votes: number;
  options: Array<{ id: number; votes: number }>;
}

const secret = () => process.env.VISITOR_TOKEN_SECRET ?? DEV_VISITOR_TOKEN_SECRET;

async function createPoll(gateway: string, title: string): Promise<PollAnswer> {
  const res = await fetch(`${gateway}/api/polls`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-anon-token': issueVisitorToken(secret()) },
    body: JSON.stringify({
      title,
      description: 'Which interval length does your forecast use?',
      category: 'metrics',
      options: ['15 minutes', '30 minutes', '60 minutes', 'Daily only'],
      created_by: 'bench_planner',
    }),
  });
  if (res.status !== 201) throw new Error(`could not create a poll: ${res.status} ${await res.text()}`);
  return (await res.json()) as PollAnswer;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Every visitor votes once; `connections` votes are in flight at any time. */
async function voteAll(gateway: string, poll: PollAnswer, tokens: string[], connections: number) {
  const latencies: number[] = [];
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    for (let i = next++; i < tokens.length; i = next++) {
      const body = JSON.stringify({ option_id: poll.options[i % poll.options.length]!.id });
      const t0 = performance.now();
      try {
        const res = await fetch(`${gateway}/api/polls/${poll.id}/vote`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-anon-token': tokens[i]! },
          body,
        });
        await res.arrayBuffer();
        if (res.status >= 200 && res.status < 300) ok++;
        else non2xx++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { ok, non2xx, errors, reqPerSec: tokens.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

export async function benchPolls(deps: PollsBenchDeps): Promise<void> {
  const { guard } = deps;
  const database = `wfm_bench_polls_${Math.random().toString(16).slice(2, 8)}`;
  const run = await deps.startRun(database);
  try {
    const gateway = run.gatewayUrl;
    for (let i = 0; i < OTHER_POLLS; i++) await createPoll(gateway, `Bench poll ${i}`);
    const poll = await createPoll(gateway, 'Bench poll: forecast interval');
    const tokens = Array.from({ length: VOTERS }, () => issueVisitorToken(secret()));

    console.log(`\n${VOTERS} verified visitors vote once each on one poll through the gateway, ${deps.connections} connections\n`);
    const votes = await voteAll(gateway, poll, tokens, deps.connections);
    console.log(
      `${'POST /api/polls/{id}/vote'.padEnd(34)} ${votes.reqPerSec.toFixed(0).padStart(8)} req/s   p50 ${votes.p50.toFixed(1)} ms   p99 ${votes.p99.toFixed(1)} ms`,
    );
    guard.check('votes', { non2xx: votes.non2xx, errors: votes.errors });

    // The stored tally, from the service itself (no cache in between).
    const stored = (await (await fetch(`${run.serviceUrls.catalog}/api/polls/${poll.id}`)).json()) as PollAnswer;
    const optionSum = stored.options.reduce((sum, o) => sum + o.votes, 0);
    console.log(`2xx answers: ${votes.ok}   stored total_votes: ${stored.total_votes}   sum of option votes: ${optionSum}`);
    if (stored.total_votes !== votes.ok || optionSum !== votes.ok) {
      throw new Error(`stored tally ${stored.total_votes} (options ${optionSum}) differs from ${votes.ok} successful votes`);
    }
    console.log('stored tally equals the 2xx answers: yes');

    const gatewayPid = run.processes.get('gateway')?.pid;
    console.log(`\nreads through the gateway (anonymous, cacheable), against its no-I/O ceiling /healthz\n`);
    const ceilingLabel = 'GET /healthz (ceiling, no proxy)';
    const reads = [
      { name: 'poll detail', label: 'GET /api/polls/{id}', path: `/api/polls/${poll.id}` },
      { name: 'polls', label: 'GET /api/polls', path: '/api/polls' },
    ];
    let before = await deps.measure(ceilingLabel, `${gateway}/healthz`, { gatewayPid });
    const ratios: Array<{ name: string; ratio: number }> = [];
    for (const read of reads) {
      const figures = await deps.measure(read.label, `${gateway}${read.path}`, { gatewayPid });
      const after = await deps.measure(ceilingLabel, `${gateway}/healthz`, { gatewayPid });
      ratios.push({ name: read.name, ratio: figures.reqPerSec / ((before.reqPerSec + after.reqPerSec) / 2) });
      before = after;
    }
    guard.checkAlive();
    console.log('');
    for (const { name, ratio } of ratios) console.log(`ratio ${name}/ceiling: ${ratio.toFixed(2)}`);
  } finally {
    await deps.stopRun(run, database);
  }
}
