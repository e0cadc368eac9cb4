/**
 * `npm run bench pow`: the time one proof-of-work answer costs at each pressure level on this
 * machine, on one core (answers solved one after another), two ways:
 *   native  Node's own PBKDF2 through altcha-lib, what an attacker's script runs;
 *   webcrypto  the web app's solver (packages/pow-client/src/solve.ts) on Node's WebCrypto, the
 *           code a browser's worker runs (a phone runs it several times slower).
 * Each answer is checked by the kit's ProofOfWork (a refused answer stops the bench). Then, from
 * the native figures, how many new tokens per hour one script on one core gets from one address
 * when it keeps the address at each level, against the default budget. No Redis: the used answers
 * are remembered in memory. Samples per level: POW_BENCH_SAMPLES (default 20).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { solveProofOfWork } from '@wfm/pow-client/solve';
import { loadRateLimitSettings, type ServiceDefinition } from '@wfm/service-kit';
import {
  MAX_PRESSURE_LEVEL,
  maxCounter,
  PRESSURE_DEFAULTS,
  PROOF_OF_WORK_ALGORITHM,
  PROOF_OF_WORK_COST,
  PROOF_OF_WORK_HEADER,
  ProofOfWork,
  solveProofOfWorkNatively,
  type PressureBudgets,
} from '@wfm/service-kit/pressure';
import { buildTestService, testVisitorToken, type TestService } from '@wfm/service-kit/testing';
import { BenchFailure } from './bench-guard.ts';
import { loadServiceDefinitions } from './service-definitions.ts';

interface Figures {
  mean: number;
  p50: number;
  p90: number;
}

const figures = (times: number[]): Figures => {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    mean: sorted.reduce((sum, t) => sum + t, 0) / sorted.length,
    p50: sorted[Math.floor(sorted.length * 0.5)]!,
    p90: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.9))]!,
  };
};

const ms = (n: number) => n.toFixed(1).padStart(8);

export async function benchPow(samples = Number(process.env.POW_BENCH_SAMPLES ?? 20)): Promise<void> {
  const pow = new ProofOfWork({ secret: randomBytes(32).toString('hex') });
  const address = '198.51.100.1';
  console.log(`proof of work: ${PROOF_OF_WORK_ALGORITHM}, ${PROOF_OF_WORK_COST} iterations per attempt, ${samples} answers per level, one core`);
  console.log('level  max counter   native mean    p50     p90   webcrypto mean    p50     p90   (ms per answer)');
  const nativeMeans: number[] = [];
  for (let level = 1; level <= MAX_PRESSURE_LEVEL; level++) {
    const native: number[] = [];
    const web: number[] = [];
    for (let i = 0; i < samples; i++) {
      for (const [times, solve] of [
        [native, solveProofOfWorkNatively],
        [web, (challenge: Parameters<typeof solveProofOfWork>[0]) => solveProofOfWork(challenge)],
      ] as const) {
        const challenge = await pow.issue('token', address, level);
        const start = performance.now();
        const header = await solve(challenge);
        times.push(performance.now() - start);
        const outcome = await pow.verify(header, 'token', address, level);
        if (outcome !== 'ok') throw new BenchFailure(`an answer at level ${level} was refused: ${outcome}`);
      }
    }
    const n = figures(native);
    const w = figures(web);
    nativeMeans.push(n.mean);
    console.log(
      `${String(level).padStart(5)}  ${String(maxCounter(level)).padStart(11)}  ${ms(n.mean)} ${ms(n.p50)} ${ms(n.p90)}  ${ms(w.mean)}      ${ms(w.p50)} ${ms(w.p90)}`,
    );
  }
  const { max, windowMs } = PRESSURE_DEFAULTS.token;
  const freePerHour = max * (3_600_000 / windowMs);
  // Every call counts, so a script that keeps asking is at the top level after 16 budgets' worth of
  // calls in a window and stays there: its rate is the top level's.
  const top = nativeMeans.at(-1)!;
  console.log(`\nnew tokens per hour from one address (budget ${max} per ${windowMs / 60_000} min, RATE_LIMIT_SCALE=1):`);
  console.log(`  a visitor within the budget, no proof of work: up to ${freePerHour}`);
  console.log(`  one script on one core at level ${MAX_PRESSURE_LEVEL}: about ${Math.round(3_600_000 / top)}`);
  console.log(`pow level ${MAX_PRESSURE_LEVEL} native ms: ${nativeMeans.at(-1)!.toFixed(1)}`);
  await benchScriptPerHour(Number(process.env.POW_BENCH_SECONDS ?? 20));
}

type Inject = (headers: Record<string, string>) => Promise<Awaited<ReturnType<FastifyInstance['inject']>>>;

/**
 * One script, one address, calls one after another for `seconds` (app.inject: no network, and the
 * service runs on the same core as the script, so the figures are if anything low): how many calls
 * got through, solving every 428 natively when `solve`. Extrapolated to an hour.
 */
async function perHour(send: Inject, seconds: number): Promise<{ perHour: number; asked: number }> {
  const deadline = performance.now() + seconds * 1000;
  let ok = 0;
  let asked = 0;
  while (performance.now() < deadline) {
    let res = await send({});
    if (res.statusCode === 428) {
      asked += 1;
      const answer = await solveProofOfWorkNatively(res.json<{ challenge: Parameters<typeof solveProofOfWorkNatively>[0] }>().challenge);
      res = await send({ [PROOF_OF_WORK_HEADER]: answer });
    }
    if (res.statusCode >= 200 && res.statusCode < 300) ok += 1;
    else if (res.statusCode !== 428) throw new BenchFailure(`the script's call answered ${res.statusCode}: ${res.body}`);
  }
  return { perHour: Math.round((ok * 3600) / seconds), asked };
}

/** Calls without answers, 64 at a time, until the address is at the top level (the script's steady state in a window). */
async function pressUntilTop(send: Inject): Promise<number> {
  let calls = 0;
  for (;;) {
    const answers = await Promise.all(Array.from({ length: 64 }, () => send({})));
    calls += answers.length;
    const levels = answers.map((r) => (r.statusCode === 428 ? Number(r.json<{ challenge: { parameters: { data: { level: number } } } }>().challenge.parameters.data.level) : 0));
    if (levels.includes(MAX_PRESSURE_LEVEL)) return calls;
  }
}

/**
 * Tokens (identity POST /api/session), poll votes (catalog, a fresh token each) and posts (forum,
 * a fresh token each) per hour one script gets from one address: with the pressure gate off, and
 * with it on at the default budgets once the address is at the top level. The rate limits are set
 * out of the way (RATE_LIMIT_SCALE=100000; the budgets are set, not scaled) so the figures are the
 * gate's alone; the site's per-address rate limits apply on top of both.
 */
async function benchScriptPerHour(seconds: number): Promise<void> {
  const definitions = await loadServiceDefinitions();
  const def = (name: string): ServiceDefinition => definitions.find((d) => d.name === name)!;
  const rateLimits = loadRateLimitSettings({ RATE_LIMIT_SCALE: '100000' });
  const budgets: PressureBudgets = { token: { ...PRESSURE_DEFAULTS.token }, write: { ...PRESSURE_DEFAULTS.write } };
  console.log(`\none script on one core, one address, ${seconds} s per figure, calls one after another (app.inject; the service shares the core):`);
  console.log('calls        budget off /h   budget on, top level /h   (calls to reach the top level)');
  for (const [label, service, setUp] of [
    ['tokens', 'identity', async () => (headers: Record<string, string>) => ({ method: 'POST' as const, url: '/api/session', headers })],
    [
      'poll votes',
      'catalog',
      async (t: TestService) => {
        const poll = await t.app.inject({ method: 'POST', url: '/api/polls', remoteAddress: '198.51.100.200', headers: { 'x-anon-token': testVisitorToken() }, payload: { title: 'Which forecasting method do you use?', description: 'Bench poll.', category: 'metrics', options: ['Erlang C', 'Simulation'], created_by: 'Anonymous' } });
        const { id, options } = poll.json<{ id: number; options: Array<{ id: number }> }>();
        return (headers: Record<string, string>) => ({ method: 'POST' as const, url: `/api/polls/${id}/vote`, headers: { 'x-anon-token': testVisitorToken(), ...headers }, payload: { option_id: options[0]!.id } });
      },
    ],
    [
      'posts',
      'forum',
      async () => (headers: Record<string, string>) => ({
        method: 'POST' as const,
        url: '/api/posts',
        headers: { 'x-anon-token': testVisitorToken(), ...headers },
        payload: { type: 'Question', title: `Bench question ${randomBytes(4).toString('hex')}`, body: 'How do you forecast weekend volume?', tags: 'forecast', author_name: 'Anonymous', tool_links: [], attachments: [], status: 'open', isAnonymous: false },
      }),
    ],
  ] as const) {
    const figures: string[] = [];
    let toTop = 0;
    for (const pressure of [false, budgets] as const) {
      const t = await buildTestService(def(service), { relay: false, rateLimits, pressure, requestTimeoutMs: 60_000 });
      try {
        const request = await setUp(t);
        const ip = `198.51.100.${pressure ? 2 : 1}`;
        const send: Inject = (headers) => t.app.inject({ ...request(headers), remoteAddress: ip });
        if (pressure) toTop = await pressUntilTop(send);
        const { perHour: rate } = await perHour(send, seconds);
        figures.push(String(rate));
      } finally {
        await t.close();
      }
    }
    console.log(`${label.padEnd(12)} ${figures[0]!.padStart(13)}   ${figures[1]!.padStart(23)}   (${toTop})`);
  }
}
