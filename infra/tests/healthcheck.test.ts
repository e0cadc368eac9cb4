import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INFRA_DIR } from './support/paths.ts';

const SCRIPT = join(INFRA_DIR, 'docker/healthcheck.mjs');
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    res.statusCode = req.url === '/readyz' ? 200 : 503;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Runs the script without blocking this process, which serves the test endpoint. */
const run = (args: string[], env: Record<string, string> = {}) =>
  new Promise<{ status: number | null; stderr: string }>((resolve) => {
    execFile(process.execPath, [SCRIPT, ...args], { timeout: 10_000, env: { ...process.env, ...env } }, (err, _out, stderr) => {
      resolve({ status: err ? (typeof err.code === 'number' ? err.code : null) : 0, stderr });
    });
  });

describe('infra/docker/healthcheck.mjs', () => {
  it('passes when /readyz on $PORT answers 2xx', async () => {
    const port = String((server.address() as AddressInfo).port);
    expect((await run([], { PORT: port })).status).toBe(0);
  });

  it('fails on a non-2xx answer, naming it', async () => {
    const r = await run([`${base}/not-ready`]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('answered 503');
  });

  it('fails when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/readyz`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const r = await run([url]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('unreachable');
  });
});
