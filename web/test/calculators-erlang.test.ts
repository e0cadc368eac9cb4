import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { erlangA, requiredAgentsErlangA } from '../src/features/calculators/lib/erlang-a.ts';
import {
  averageSpeedOfAnswer,
  erlangB,
  erlangC,
  offeredLoad,
  requiredAgentsErlangC,
  serviceLevel,
} from '../src/features/calculators/lib/erlang-c.ts';
import { simulateQueue } from './queue-simulation.ts';

describe('Erlang C', () => {
  it.each([
    [10, 13, 0.2853, 0.7956],
    [10, 15, 0.102, 0.9415],
    [100, 110, 0.237, 0.922],
    [1000, 1030, 0.2489, 0.9911],
  ])('%d Erlangs with %d agents: P(wait) %f, SL %f (180 s AHT, 20 s target)', (a, n, pWait, sl) => {
    expect(erlangC(n, a)).toBeCloseTo(pWait, 4);
    expect(serviceLevel(n, a, 180, 20)).toBeCloseTo(sl, 4);
  });

  it('waits always when agents do not exceed the load, and never without load', () => {
    expect(erlangC(10, 10)).toBe(1);
    expect(erlangC(5, 10)).toBe(1);
    expect(serviceLevel(10, 10, 180, 20)).toBe(0);
    expect(erlangC(3, 0)).toBe(0);
    expect(averageSpeedOfAnswer(10, 10, 180)).toBe(Number.POSITIVE_INFINITY);
  });

  it('Erlang B matches the textbook value (5 Erlangs, 10 lines: 1.84 %)', () => {
    expect(erlangB(10, 5)).toBeCloseTo(0.01838, 5);
  });

  it('offered load is calls × AHT over the interval', () => {
    expect(offeredLoad(100, 180, 30)).toBe(10);
  });

  it('stays finite for 2,000 agents and 1,500 Erlangs', () => {
    const p = erlangC(2000, 1500);
    expect(Number.isFinite(p)).toBe(true);
    expect(p).toBeGreaterThanOrEqual(0);
    expect(serviceLevel(2000, 1500, 180, 20)).toBeCloseTo(1, 6);
    const near = erlangC(1530, 1500);
    expect(near).toBeGreaterThan(0);
    expect(near).toBeLessThan(1);
  });

  it('finds the fewest agents meeting the target, searching 50 above the load', () => {
    const r = requiredAgentsErlangC(10, 180, 20, 0.8);
    expect(r.agents).toBe(14);
    expect(r.targetMet).toBe(true);
    expect(serviceLevel(13, 10, 180, 20)).toBeLessThan(0.8);
    expect(r.occupancy).toBeCloseTo(10 / 14, 10);
    // Unreachable target: gives up at ceil(A) + 50 and says so.
    const miss = requiredAgentsErlangC(1000, 180, 0, 0.999);
    expect(miss.targetMet).toBe(false);
    expect(miss.agents).toBe(1050);
  });

  it('property: service level never falls as agents are added', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.1, max: 1500, noNaN: true }),
        fc.integer({ min: 1, max: 2000 }),
        fc.integer({ min: 10, max: 1200 }),
        fc.integer({ min: 0, max: 300 }),
        (a, n, aht, t) => serviceLevel(n + 1, a, aht, t) >= serviceLevel(n, a, aht, t) - 1e-12,
      ),
    );
  });

  it('property: results are finite probabilities for extreme inputs', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-6, max: 1500, noNaN: true }),
        fc.integer({ min: 1, max: 2000 }),
        (a, n) => {
          const p = erlangC(n, a);
          const sl = serviceLevel(n, a, 180, 20);
          return Number.isFinite(p) && p >= 0 && p <= 1 && Number.isFinite(sl) && sl >= 0 && sl <= 1;
        },
      ),
    );
  });
});

describe('Erlang A', () => {
  it('tends to Erlang C when callers never hang up', () => {
    const r = erlangA({ agents: 13, erlangs: 10, ahtSeconds: 180, patienceSeconds: 1e9, targetSeconds: 20 });
    expect(r.pWait).toBeCloseTo(0.2853, 4);
    expect(r.serviceLevel).toBeCloseTo(0.7956, 4);
    expect(r.abandonment).toBeLessThan(1e-6);
  });

  it('matches the closed form when patience equals handle time (the queue is then M/M/∞, Poisson)', () => {
    // With θ = μ the number of callers in the system is Poisson(A) (Mandelbaum & Zeltyn 2009, §2):
    // P(wait) = P(N ≥ n) and abandonment = E[(N - n)+] / A.
    const A = 10;
    const n = 10;
    const poisson = (k: number) => Math.exp(-A) * A ** k / [...Array(k).keys()].reduce((f, i) => f * (i + 1), 1);
    const below = [...Array(n).keys()].reduce((s, k) => s + poisson(k), 0);
    let excess = 0;
    for (let k = n + 1; k < 80; k += 1) excess += (k - n) * poisson(k);
    const r = erlangA({ agents: n, erlangs: A, ahtSeconds: 180, patienceSeconds: 180, targetSeconds: 20 });
    expect(r.pWait).toBeCloseTo(1 - below, 8);
    expect(r.abandonment).toBeCloseTo(excess / A, 8);
  });

  it('agrees with an independent discrete-event simulation', () => {
    // 10 Erlangs, 11 agents, AHT 180 s, patience 120 s; 200,000 simulated calls.
    const sim = simulateQueue({ servers: 11, lambda: 10 / 180, ahtSeconds: 180, patienceSeconds: 120, targetSeconds: 20, calls: 200_000 });
    const r = erlangA({ agents: 11, erlangs: 10, ahtSeconds: 180, patienceSeconds: 120, targetSeconds: 20 });
    expect(Math.abs(r.abandonment - sim.abandonment)).toBeLessThan(0.005);
    expect(Math.abs(r.serviceLevel - sim.serviceLevel)).toBeLessThan(0.01);
  });

  it('needs no more agents than Erlang C for the same target', () => {
    const c = requiredAgentsErlangC(100, 180, 20, 0.8);
    const a = requiredAgentsErlangA({ erlangs: 100, ahtSeconds: 180, patienceSeconds: 120, targetSeconds: 20 }, 0.8);
    expect(a.targetMet).toBe(true);
    expect(a.agents).toBeLessThanOrEqual(c.agents);
    expect(a.serviceLevel).toBeGreaterThanOrEqual(0.8);
    const fewer = erlangA({ erlangs: 100, ahtSeconds: 180, patienceSeconds: 120, targetSeconds: 20, agents: a.agents - 1 });
    expect(fewer.serviceLevel).toBeLessThan(0.8);
  });

  it('property: abandonment falls (never rises) as agents are added', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.5, max: 200, noNaN: true }),
        fc.integer({ min: 1, max: 250 }),
        fc.integer({ min: 30, max: 600 }),
        fc.integer({ min: 10, max: 600 }),
        (erlangs, agents, aht, patience) => {
          const base = { erlangs, ahtSeconds: aht, patienceSeconds: patience, targetSeconds: 20 };
          return erlangA({ ...base, agents: agents + 1 }).abandonment <= erlangA({ ...base, agents }).abandonment + 1e-12;
        },
      ),
      { numRuns: 40 },
    );
  });

  it('property: finite for large centres', () => {
    for (const [agents, erlangs] of [
      [2000, 1500],
      [1400, 1500],
      [1, 1500],
    ] as const) {
      const r = erlangA({ agents, erlangs, ahtSeconds: 180, patienceSeconds: 120, targetSeconds: 20 });
      for (const v of [r.pWait, r.abandonment, r.serviceLevel, r.occupancy]) {
        expect(Number.isFinite(v)).toBe(true);
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThanOrEqual(1);
      }
    }
  });
});
