import { describe, expect, it } from 'vitest';
import { exitOnSignals } from '../src/shutdown.ts';

/** A signal delivered to this process's listeners only (no real signal is sent). */
const deliver = (signal: NodeJS.Signals) => process.emit(signal as 'SIGUSR2', signal as 'SIGUSR2');

const recorder = () => {
  const lines: string[] = [];
  return {
    lines,
    logger: {
      info: (_obj: object, msg: string) => void lines.push(msg),
      error: (_obj: object, msg: string) => void lines.push(msg),
    },
  };
};

describe('exitOnSignals', () => {
  it('on the first signal stops once, then exits 0; the listeners are gone afterwards', async () => {
    const { lines, logger } = recorder();
    const before = process.listenerCount('SIGUSR2');
    let stops = 0;
    const exited = new Promise<number>((resolve) => {
      exitOnSignals(async () => void stops++, { logger, signals: ['SIGUSR2'], exit: resolve });
    });
    expect(process.listenerCount('SIGUSR2')).toBe(before + 1);
    deliver('SIGUSR2');
    expect(await exited).toBe(0);
    expect(stops).toBe(1);
    expect(lines).toEqual(['shutting down']);
    expect(process.listenerCount('SIGUSR2')).toBe(before);
  });

  it('exits 1 when stopping fails', async () => {
    const { lines, logger } = recorder();
    const exited = new Promise<number>((resolve) => {
      exitOnSignals(async () => Promise.reject(new Error('bus would not close')), { logger, signals: ['SIGUSR2'], exit: resolve });
    });
    deliver('SIGUSR2');
    expect(await exited).toBe(1);
    expect(lines).toEqual(['shutting down', 'shutdown failed']);
  });

  it('exits 1 when stopping outlasts the timeout', async () => {
    const { lines, logger } = recorder();
    const exited = new Promise<number>((resolve) => {
      exitOnSignals(() => new Promise(() => undefined), { logger, signals: ['SIGUSR2'], exit: resolve, timeoutMs: 1 });
    });
    deliver('SIGUSR2');
    expect(await exited).toBe(1);
    expect(lines).toEqual(['shutting down', 'shutdown timed out']);
  });

  it('the returned function removes the listeners, so a later signal stops nothing', () => {
    const before = process.listenerCount('SIGUSR2');
    const remove = exitOnSignals(async () => undefined, { signals: ['SIGUSR2'], exit: () => expect.unreachable() });
    remove();
    expect(process.listenerCount('SIGUSR2')).toBe(before);
  });
});
