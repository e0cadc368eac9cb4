import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { startDistributed } from '../lib/distributed.ts';
import { LauncherConfigError } from '../lib/service-roles.ts';
import { keepOutputTail, outputTail, waitForProcessReady } from '../lib/wait.ts';

/** A node process running `code`, its output piped. */
const node = (code: string) => spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'pipe'] });

describe('a launched process that dies while starting', () => {
  it('is reported with the last lines it wrote, from stdout and stderr', async () => {
    const child = keepOutputTail(node(`console.log('listening soon'); console.error('Error: listen EADDRINUSE 127.0.0.1:4321'); process.exit(1)`));
    const failure = await waitForProcessReady('forum', child, 'http://127.0.0.1:9/readyz', 10_000).catch((err: Error) => err);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toContain('forum exited with code 1 before it was ready; its last output:');
    expect((failure as Error).message).toContain('listen EADDRINUSE 127.0.0.1:4321');
    expect((failure as Error).message).toContain('listening soon');
  });

  it('keeps only the last 20 lines', async () => {
    const child = keepOutputTail(node(`for (let i = 1; i <= 100; i++) console.log('line ' + i)`));
    await new Promise((resolve) => child.once('close', resolve));
    expect(outputTail(child)).toEqual(Array.from({ length: 20 }, (_, i) => `line ${81 + i}`));
  });
});

describe('service ports of the distributed launcher', () => {
  const base = {
    adminDatabaseUrl: 'postgres://127.0.0.1:5432/postgres',
    database: 'never_created',
    natsUrl: 'nats://127.0.0.1:4222',
    gatewayPort: 1,
    workerPort: 2,
    staffSecret: 'x'.repeat(40),
    servicePassword: 'unused',
  };

  it('refuses a servicePorts list that does not give every service process a port, before touching the database', async () => {
    await expect(startDistributed({ ...base, servicePorts: [3, 4] })).rejects.toThrow(LauncherConfigError);
    await expect(startDistributed({ ...base, servicePorts: [3, 4] })).rejects.toThrow(/service ports are needed, not 2/);
  });

  it('refuses to start without basePort or servicePorts', async () => {
    await expect(startDistributed(base)).rejects.toThrow('basePort or servicePorts is needed');
  });
});
