import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import Fastify, { type FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { VISITOR_STANDING_PATH } from '@wfm/contracts/identity';
import { SERVICES, type ServiceName } from '@wfm/contracts/shared';
import { createLogger, createMemoryBus, type EventBus, type StaffIdentity } from '@wfm/service-kit';
import { buildGateway, type GatewayOptions } from '../src/app.ts';

export const STAFF_SECRET = 'gateway-test-staff-secret-0123456789abcdef';
export const VALID_SESSION_COOKIE = 'wfm_staff=valid-session';
export const STAFF: StaffIdentity = { id: 7, username: 'mod_ann', role: 'Moderator' };

/** What a fake service saw of one request. */
export interface SeenRequest {
  service: ServiceName;
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  bodyBytes: number;
}

export interface FakeServices {
  urls: Record<ServiceName, string>;
  /** Requests that reached each service, newest last (staff-session lookups excluded). */
  seen: SeenRequest[];
  staffLookups: number;
  /** Tokens the fake identity answers `revoked` for at VISITOR_STANDING_PATH (every other one is `good`). */
  revokedTokens: Set<string>;
  /** Standing lookups identity answered (not in `seen`). */
  standingLookups: number;
  /** Holds identity's standing answers until the returned release is called (to race a hello with an event). */
  holdStandings(): () => void;
  close(): Promise<void>;
}

/**
 * One tiny Fastify app per service on port 0 that answers every request with what it received.
 * The admin one also answers the staff-session lookup: VALID_SESSION_COOKIE is STAFF, any other
 * cookie is unknown (401).
 */
export async function startFakeServices(): Promise<FakeServices> {
  const seen: SeenRequest[] = [];
  const state = { staffLookups: 0, standingLookups: 0 };
  const revokedTokens = new Set<string>();
  let held: Promise<void> = Promise.resolve();
  const apps: FastifyInstance[] = [];
  const urls = {} as Record<ServiceName, string>;

  for (const { name } of SERVICES) {
    const app = Fastify({ bodyLimit: 100 * 1024 * 1024 });
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    if (name === 'admin') {
      app.get('/internal/staff-session', async (request, reply) => {
        state.staffLookups += 1;
        if (request.headers.cookie?.includes(VALID_SESSION_COOKIE)) return STAFF;
        return reply.code(401).send({ message: 'Authentication required' });
      });
    }
    if (name === 'identity') {
      app.get(VISITOR_STANDING_PATH, async (request) => {
        state.standingLookups += 1;
        const token = request.headers['x-anon-token'];
        // Read before waiting: identity's answer is of the moment it was asked.
        const standing = typeof token === 'string' && !revokedTokens.has(token) ? 'good' : 'revoked';
        await held;
        return { standing };
      });
    }
    app.all('/*', async (request) => {
      const entry: SeenRequest = {
        service: name,
        method: request.method,
        url: request.url,
        headers: { ...request.headers },
        bodyBytes: Buffer.isBuffer(request.body) ? request.body.length : 0,
      };
      seen.push(entry);
      return entry;
    });
    urls[name] = await app.listen({ port: 0, host: '127.0.0.1' });
    apps.push(app);
  }

  return {
    urls,
    seen,
    get staffLookups() {
      return state.staffLookups;
    },
    get standingLookups() {
      return state.standingLookups;
    },
    revokedTokens,
    holdStandings: () => {
      let release!: () => void;
      held = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        release();
        held = Promise.resolve();
      };
    },
    close: async () => {
      await Promise.all(apps.map((app) => app.close()));
    },
  };
}

export const silentLogger = () => createLogger('gateway-test', 'silent');

/** A gateway in front of `services`, on the in-process bus unless one is given. */
export async function startGateway(
  services: FakeServices,
  overrides: Partial<GatewayOptions> = {},
): Promise<{ app: FastifyInstance; bus: EventBus; close(): Promise<void> }> {
  const bus = overrides.bus ?? createMemoryBus();
  const app = await buildGateway({
    serviceUrls: services.urls,
    bus,
    staffSecret: STAFF_SECRET,
    logger: silentLogger(),
    ...overrides,
  });
  await app.ready();
  return {
    app,
    bus,
    close: async () => {
      await app.close();
      if (!overrides.bus) await bus.close();
    },
  };
}

/** A built app folder like Vite's output: index.html plus hashed assets. */
export async function writeBuiltApp(name: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), `gateway-${name}-`));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), `<!doctype html><html><body>${name} shell</body></html>`);
  await writeFile(path.join(dir, 'assets', `${name}-Bx1a2b3c.js`), `console.log(${JSON.stringify(name)});`);
  await writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

export interface HttpAnswer {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  rawPayload: Buffer;
  body: string;
  json(): unknown;
}

/** A GET over HTTP, answered as app.inject answers (the bytes as sent: no decompression). */
/** Headers that differ between any two answers (or between a socket and inject). */
const VARYING_HEADERS = new Set(['date', 'x-request-id', 'connection', 'keep-alive', 'transfer-encoding']);

/** An answer's headers without those that differ between any two answers: for comparing the lean path with Fastify's. */
export const stableHeaders = (headers: Record<string, unknown>) => Object.fromEntries(Object.entries(headers).filter(([name]) => !VARYING_HEADERS.has(name)));

export async function httpGet(baseUrl: string, url: string, headers: Record<string, string> = {}): Promise<HttpAnswer> {
  const answer = await request(`${baseUrl}${url}`, { method: 'GET', headers });
  const rawPayload = Buffer.from(await answer.body.arrayBuffer());
  const body = rawPayload.toString();
  return { statusCode: answer.statusCode, headers: answer.headers, rawPayload, body, json: () => JSON.parse(body) as unknown };
}

/** The read cache's roster beats this often in tests, so replicas learn of each other within a poll or two. */
export const FAST_ROSTER = { replicaHeartbeatMs: 50 };

/** The replicas a gateway's roster counts (its gateway_read_cache_replicas gauge); undefined while unknown. */
export async function replicasSeenBy(app: FastifyInstance): Promise<number | undefined> {
  const found = (await app.metricsRegistry.getMetricsAsJSON()).find((m) => m.name === 'gateway_read_cache_replicas');
  return found?.values[0]?.value;
}

/**
 * Waits until each of the gateways (one deployment, with Redis and FAST_ROSTER) counts them all:
 * from then on each one's misses look in Redis and its answers can be shared.
 */
export async function untilAllSeen(...gateways: FastifyInstance[]): Promise<void> {
  for (const app of gateways) await expect.poll(() => replicasSeenBy(app)).toBe(gateways.length);
}
