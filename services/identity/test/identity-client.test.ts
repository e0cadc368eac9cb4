/**
 * The kit's identity client (`ctx.identity`, packages/service-kit/src/identity-client.ts) against
 * this real identity service listening on a port, and each call's failure policy with identity
 * unreachable (a closed port), slow (a server that never answers) and answering outside its
 * contract (a server that answers 500).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHOR_NAME_MESSAGES } from '@wfm/contracts/identity';
import { ANONYMOUS } from '@wfm/contracts/shared';
import { createIdentityClient, SERVICE_UNAVAILABLE_MESSAGE, type IdentityClient, type ServiceContext, type ServiceRoutes } from '@wfm/service-kit';
import { buildTestService, freePort, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { createProfile, createSession, uniqueUsername } from './helpers.ts';

/** A service whose routes answer what each identity call gives (or its error), through `client`. */
const consumerRoutes =
  (client: (ctx: ServiceContext) => IdentityClient): ServiceRoutes =>
  async (app, ctx) => {
    const answer = async (run: () => Promise<string | null>) => ({ value: await run() });
    app.post('/author', async (req: FastifyRequest) => answer(() => client(ctx).acceptAuthorName(req, (req.body as { name: string }).name)));
    app.post('/username', async (req: FastifyRequest) => answer(() => client(ctx).username(req)));
    app.post('/name-or-anonymous', async (req: FastifyRequest) => answer(() => client(ctx).nameOrAnonymous(req)));
  };

let identity: TestService;
let identityUrl: string;
const consumers: TestService[] = [];
const servers: Server[] = [];

/** A consumer app whose `ctx.identity` points at `url`. */
async function consumerAt(url: string): Promise<FastifyInstance> {
  const svc = await buildTestService({ ...service, onReady: undefined, routes: [consumerRoutes((ctx) => ctx.identity)] }, { relay: false, identityUrl: url });
  consumers.push(svc);
  return svc.app;
}

/** A consumer app whose routes use a client made here (a short timeout for the slow case). */
async function consumerWith(client: IdentityClient): Promise<FastifyInstance> {
  const svc = await buildTestService({ ...service, onReady: undefined, routes: [consumerRoutes(() => client)] }, { relay: false });
  consumers.push(svc);
  return svc.app;
}

/** A local HTTP server that handles every request with `handle`. */
async function serverThat(handle: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handle);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  identity = await buildTestService(service, { relay: false });
  identityUrl = await identity.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  for (const svc of consumers) await svc.close();
  await identity?.close();
});

const ask = (app: FastifyInstance, call: 'author' | 'username' | 'name-or-anonymous', token?: string, name?: string) =>
  app.inject({ method: 'POST', url: `/${call}`, payload: { name: name ?? 'x' }, headers: token ? { 'x-anon-token': token } : {} });

/** A visitor identity issued a token to, with a username when `named`. */
async function visitor(named: boolean): Promise<{ token: string; username: string | null }> {
  const token = await createSession(identity.app);
  if (!named) return { token, username: null };
  const username = uniqueUsername();
  expect((await createProfile(identity.app, token, username)).statusCode).toBe(201);
  return { token, username };
}

describe('against the real identity service', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await consumerAt(identityUrl);
  });

  it('acceptAuthorName: own username in its stored case, Anonymous, an unregistered name; 400 for a member name', async () => {
    const me = await visitor(true);
    const other = await visitor(true);
    expect((await ask(app, 'author', me.token, me.username!.toUpperCase())).json()).toEqual({ value: me.username });
    expect((await ask(app, 'author', me.token, 'anonymous')).json()).toEqual({ value: ANONYMOUS });
    const unregistered = uniqueUsername();
    expect((await ask(app, 'author', me.token, `  ${unregistered} `)).json()).toEqual({ value: unregistered });
    const taken = await ask(app, 'author', me.token, other.username!);
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe(AUTHOR_NAME_MESSAGES.taken);
  });

  it('username: the visitor’s username; null without one or without a verified visitor', async () => {
    const named = await visitor(true);
    expect((await ask(app, 'username', named.token)).json()).toEqual({ value: named.username });
    expect((await ask(app, 'username', (await visitor(false)).token)).json()).toEqual({ value: null });
    expect((await ask(app, 'username')).json()).toEqual({ value: null });
    expect((await ask(app, 'username', 'not-a-token')).json()).toEqual({ value: null });
  });

  it('nameOrAnonymous: the visitor’s username, else Anonymous', async () => {
    const named = await visitor(true);
    expect((await ask(app, 'name-or-anonymous', named.token)).json()).toEqual({ value: named.username });
    expect((await ask(app, 'name-or-anonymous', (await visitor(false)).token)).json()).toEqual({ value: ANONYMOUS });
    expect((await ask(app, 'name-or-anonymous')).json()).toEqual({ value: ANONYMOUS });
  });
});

/** The three policies, whatever way identity fails. */
function expectPolicies(consumer: () => FastifyInstance) {
  it('acceptAuthorName fails closed: 503 with AUTHOR_NAME_MESSAGES.unavailable (Anonymous still accepted)', async () => {
    const { token } = await visitor(true);
    const res = await ask(consumer(), 'author', token, uniqueUsername());
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(AUTHOR_NAME_MESSAGES.unavailable);
    expect((await ask(consumer(), 'author', token, 'Anonymous')).json()).toEqual({ value: ANONYMOUS });
  });

  it('username fails closed: 503 with SERVICE_UNAVAILABLE_MESSAGE', async () => {
    const { token } = await visitor(true);
    const res = await ask(consumer(), 'username', token);
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(SERVICE_UNAVAILABLE_MESSAGE);
  });

  it('nameOrAnonymous fails open: Anonymous, never an unproved name', async () => {
    const { token } = await visitor(true);
    const res = await ask(consumer(), 'name-or-anonymous', token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ value: ANONYMOUS });
  });
}

describe('identity unreachable (a closed port)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await consumerAt(`http://127.0.0.1:${await freePort()}`);
  });
  expectPolicies(() => app);
});

describe('identity slow (no answer within the timeout)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const url = await serverThat(() => undefined);
    app = await consumerWith(createIdentityClient(url, { timeoutMs: 200 }));
  });
  expectPolicies(() => app);
});

describe('identity answering outside its contract (500)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const url = await serverThat((_req, res) => res.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"boom"}'));
    app = await consumerAt(url);
  });
  expectPolicies(() => app);
});
