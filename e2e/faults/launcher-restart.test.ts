import { spawn } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import { LauncherConfigError, resolveDatabaseTarget } from '../../scripts/lib/service-roles.ts';
import { supervise } from '../../scripts/lib/supervisor.ts';

/** A real process that runs until killed. */
const sleeper = () => spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });

describe('the distributed launcher restarts what dies', () => {
  it('starts a SIGKILLed process again, logs its name and signal, backs off, and stops restarting on stop()', async () => {
    const lines: string[] = [];
    const proc = supervise({ name: 'gateway', start: sleeper, log: (line) => lines.push(line) });
    try {
      const first = proc.child.pid;
      proc.child.kill('SIGKILL');
      await vi.waitFor(() => expect(proc.restarts).toBe(1), { timeout: 5_000, interval: 50 });
      expect(proc.child.pid).not.toBe(first);
      expect(proc.child.exitCode).toBeNull();
      expect(lines[0]).toBe('[gateway] was killed by SIGKILL; restarting in 500 ms (restart 1)');

      // A second death in a row waits twice as long.
      proc.child.kill('SIGKILL');
      await vi.waitFor(() => expect(proc.restarts).toBe(2), { timeout: 5_000, interval: 50 });
      expect(lines[1]).toBe('[gateway] was killed by SIGKILL; restarting in 1000 ms (restart 2)');
    } finally {
      await proc.stop();
    }
    const last = proc.child;
    expect(last.signalCode ?? last.exitCode).not.toBeNull();
    // Stopped: nothing is started again.
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(proc.restarts).toBe(2);
    expect(proc.child).toBe(last);
  });

  it('restarts a process that exits on its own, naming the exit code', async () => {
    const lines: string[] = [];
    let starts = 0;
    const proc = supervise({
      name: 'worker',
      // The first run exits with code 3; the next ones keep running.
      start: () => (starts++ === 0 ? spawn(process.execPath, ['-e', 'process.exit(3)'], { stdio: 'ignore' }) : sleeper()),
      log: (line) => lines.push(line),
    });
    try {
      await vi.waitFor(() => expect(proc.restarts).toBe(1), { timeout: 5_000, interval: 50 });
      expect(lines).toEqual(['[worker] exited with code 3; restarting in 500 ms (restart 1)']);
    } finally {
      await proc.stop();
    }
  });
});

describe('the distributed launcher honours DATABASE_URL', () => {
  it('uses DATABASE_URL for every service, creating the roles with PG_ADMIN_URL on the same server', () => {
    expect(resolveDatabaseTarget({ DATABASE_URL: 'postgres://owner:pw@db.internal:5433/community' })).toEqual({
      adminUrl: 'postgres://owner:pw@db.internal:5433/community',
      database: 'community',
      databaseUrl: 'postgres://owner:pw@db.internal:5433/community',
    });
    expect(
      resolveDatabaseTarget({
        DATABASE_URL: 'postgres://owner@db.internal:5433/community',
        PG_ADMIN_URL: 'postgres://postgres@db.internal:5433/postgres',
      }),
    ).toMatchObject({ adminUrl: 'postgres://postgres@db.internal:5433/postgres', database: 'community' });
    expect(resolveDatabaseTarget({})).toEqual({ adminUrl: 'postgres://postgres@127.0.0.1:5432/postgres', database: 'wfm' });
  });

  it.each([
    [{ DATABASE_URL: 'postgres://owner@db.internal:5432/community', PG_ADMIN_URL: 'postgres://postgres@127.0.0.1:5432/postgres' }, /different servers/],
    [{ DATABASE_URL: 'postgres://owner@db.internal:5432/community', DATABASE_NAME: 'wfm' }, /DATABASE_NAME/],
    [{ DATABASE_URL: 'postgres://owner@db.internal:5432/' }, /must name its database/],
    [{ DATABASE_URL: 'mysql://owner@db.internal/community' }, /postgres:\/\//],
    [{ DATABASE_URL: 'not a url' }, /not a valid/],
  ])('refuses %o with a clear message instead of using another database', (env, message) => {
    expect(() => resolveDatabaseTarget(env)).toThrow(LauncherConfigError);
    expect(() => resolveDatabaseTarget(env)).toThrow(message);
  });
});
