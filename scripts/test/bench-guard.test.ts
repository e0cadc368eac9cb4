import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { BenchFailure, BenchGuard, measurementProblems } from '../lib/bench-guard.ts';
import { freePort, freePorts } from '../lib/free-ports.ts';

const clean = { non2xx: 0, errors: 0, unexpected: 0 };

describe('measurementProblems', () => {
  it('accepts a measurement with only 2xx answers and every process alive', () => {
    expect(measurementProblems('GET /x', clean, [])).toEqual([]);
  });

  it('refuses non-2xx answers (the 404s of a gateway that never bound its port)', () => {
    expect(measurementProblems('GET /x', { ...clean, non2xx: 100_000 }, [])).toEqual([
      'GET /x: 100000 answers were not 2xx',
    ]);
    expect(measurementProblems('GET /x', { ...clean, non2xx: 1 }, [])).toHaveLength(1);
  });

  it('refuses connection errors and unexpected answers (e.g. cache hits in an uncached run)', () => {
    expect(measurementProblems('GET /x', { ...clean, errors: 3 }, [])).toEqual([
      'GET /x: 3 requests failed (connection errors or timeouts)',
    ]);
    expect(measurementProblems('GET /x', { ...clean, unexpected: 2 }, [])).toEqual([
      'GET /x: 2 answers were not the kind measured',
    ]);
  });

  it('refuses any measurement once a launched process has exited', () => {
    expect(measurementProblems('GET /x', clean, [{ name: 'gateway', code: 1, signal: null }])).toEqual([
      'gateway exited during the run (code 1)',
    ]);
    expect(measurementProblems('GET /x', clean, [{ name: 'forum', code: null, signal: 'SIGKILL' }])).toEqual([
      'forum exited during the run (signal SIGKILL)',
    ]);
  });
});

const sleeper = () => spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });

describe('BenchGuard', () => {
  it('fails every check after a watched process dies, naming it', async () => {
    const guard = new BenchGuard();
    const child = sleeper();
    guard.watch('gateway', child);
    expect(() => guard.check('GET /x', clean)).not.toThrow();
    child.kill('SIGKILL');
    await once(child, 'exit');
    expect(() => guard.check('GET /x', clean)).toThrow(BenchFailure);
    expect(() => guard.checkAlive()).toThrow(/gateway exited during the run \(signal SIGKILL\)/);
  });

  it('fails a check on non-2xx answers while every process lives', () => {
    const guard = new BenchGuard();
    expect(() => guard.check('GET /api/user-profile', { non2xx: 5, errors: 0 })).toThrow(/5 answers were not 2xx/);
  });

  it('counts a process that was already dead when watched', async () => {
    const guard = new BenchGuard();
    const child = spawn(process.execPath, ['-e', 'process.exit(3)'], { stdio: 'ignore' });
    await once(child, 'exit');
    guard.watch('forum', child);
    expect(() => guard.checkAlive()).toThrow(/forum exited during the run \(code 3\)/);
  });

  it('ignores processes stopped on purpose (released, or after stopWatching)', async () => {
    const guard = new BenchGuard();
    const released = sleeper();
    const atEnd = sleeper();
    guard.watch('bare reference server', released);
    guard.watch('gateway', atEnd);
    guard.release(released);
    released.kill('SIGTERM');
    await once(released, 'exit');
    expect(() => guard.checkAlive()).not.toThrow();
    guard.stopWatching();
    atEnd.kill('SIGTERM');
    await once(atEnd, 'exit');
    expect(() => guard.checkAlive()).not.toThrow();
  });
});

describe('free ports', () => {
  it('freePort gives a port that can be bound', async () => {
    const port = await freePort();
    const server = createServer().listen(port, '127.0.0.1');
    await once(server, 'listening');
    server.close();
  });

  it('freePorts gives distinct ports that can all be bound, never one that is held', async () => {
    const held = createServer().listen(0, '127.0.0.1');
    await once(held, 'listening');
    const heldPort = (held.address() as { port: number }).port;
    const ports = await freePorts(12);
    expect(new Set(ports).size).toBe(12);
    expect(ports).not.toContain(heldPort);
    const servers = [];
    for (const port of ports) {
      const server = createServer().listen(port, '127.0.0.1');
      await once(server, 'listening');
      servers.push(server);
    }
    for (const server of [...servers, held]) server.close();
  });
});
