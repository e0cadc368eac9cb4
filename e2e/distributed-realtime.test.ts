import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import WebSocket from 'ws';
import { PG_ADMIN_URL } from './lib/database.ts';
import { TEST_SERVICE_PASSWORD, startTestRun, type TestRun } from './lib/distributed-run.ts';
import { uniqueUsername } from '@wfm/service-kit/testing-names';

let run: TestRun;

beforeAll(async () => {
  run = await startTestRun('wfm_dist');
}, 180_000);

afterAll(async () => {
  await run?.dispose();
});

function nextMessage(ws: WebSocket, type: string, timeoutMs = 5_000): Promise<{ type: string; data: unknown }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} message within ${timeoutMs} ms`)), timeoutMs);
    ws.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as { type: string; data: unknown };
      if (message.type === type) {
        clearTimeout(timer);
        resolve(message);
      }
    });
  });
}

describe('distributed run', () => {
  it('runs every service as its own process with its own Postgres role', async () => {
    expect([...run.processes.keys()].sort()).toEqual(
      ['admin', 'ama-booking', 'catalog', 'forum', 'gateway', 'identity', 'jobs', 'worker'].sort(),
    );
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${run.database}`;
    const sql = postgres(url.toString(), { max: 1 });
    const owners = await sql`SELECT nspname, pg_get_userbyid(nspowner) AS owner FROM pg_namespace
                             WHERE nspname IN ('identity','forum','catalog','ama','jobs','admin') ORDER BY nspname`;
    await sql.end();
    expect(owners.map((r) => `${r.nspname}:${r.owner}`)).toEqual([
      'admin:admin_svc', 'ama:ama_svc', 'catalog:catalog_svc', 'forum:forum_svc', 'identity:identity_svc', 'jobs:jobs_svc',
    ]);
  });

  it("refuses a service role access to another service's schema", async () => {
    const asForum = new URL(PG_ADMIN_URL);
    asForum.pathname = `/${run.database}`;
    asForum.username = 'forum_svc';
    asForum.password = TEST_SERVICE_PASSWORD;
    const sql = postgres(asForum.toString(), { max: 1, onnotice: () => {} });
    await expect(sql`SELECT count(*) FROM identity.profiles`).rejects.toThrow(/permission denied/);
    await sql.end();
  });

  it('delivers an event from a service through real NATS to a websocket client of the gateway', async () => {
    const ws = new WebSocket(`${run.gatewayUrl.replace('http', 'ws')}/ws`);
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    try {
      const issued = (await (await fetch(`${run.gatewayUrl}/api/session`, { method: 'POST' })).json()) as {
        anon_token: string;
      };
      const username = uniqueUsername('dist_');
      const received = nextMessage(ws, 'member_joined');
      const res = await fetch(`${run.gatewayUrl}/api/user-profile`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-anon-token': issued.anon_token },
        body: JSON.stringify({ username }),
      });
      expect(res.status).toBe(201);
      const message = await received;
      expect(message.data).toMatchObject({ username });
      expect(JSON.stringify(message)).not.toContain(issued.anon_token);
    } finally {
      ws.close();
    }
  });
});
