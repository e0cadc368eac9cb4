/**
 * A clock a service reads instead of Date.now (`now: clock.now`); tests set and move it. The
 * methods do not use `this`, so each can be handed on alone.
 */
export interface TestClock {
  now(): number;
  set(ms: number): void;
  advance(ms: number): void;
}

export function testClock(start = Date.now()): TestClock {
  let t = start;
  return {
    now: () => t,
    set: (ms) => void (t = ms),
    advance: (ms) => void (t += ms),
  };
}
