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
import { solveProofOfWork } from '@wfm/pow-client/solve';
import {
  MAX_PRESSURE_LEVEL,
  maxCounter,
  PRESSURE_DEFAULTS,
  PROOF_OF_WORK_ALGORITHM,
  PROOF_OF_WORK_COST,
  ProofOfWork,
  solveProofOfWorkNatively,
} from '@wfm/service-kit/pressure';
import { BenchFailure } from './bench-guard.ts';

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
}
