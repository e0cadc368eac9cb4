/** A count of work in progress with a ceiling: tryAcquire() answers a release function, or null when full. */
export interface ConcurrencyLimiter {
  readonly active: number;
  readonly max: number;
  tryAcquire(): (() => void) | null;
}

export function createConcurrencyLimiter(max: number): ConcurrencyLimiter {
  let active = 0;
  return {
    get active() {
      return active;
    },
    max,
    tryAcquire() {
      if (active >= max) return null;
      active++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        active--;
      };
    },
  };
}
