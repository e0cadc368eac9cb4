import { randomInt } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import postgres from 'postgres';
import { testVisitorToken } from './testing.ts';

/** A client address of its own, so each test starts with fresh per-address rate-limit counters. */
export const randomIp = (): string => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** A visitor as a service sees one: the visitor token it sends and the address it calls from. */
export interface Visitor {
  token: string;
  ip: string;
}

/** A visitor with a token as identity issues it (signed with the test secret the test apps verify with). */
export const newVisitor = (): Visitor => ({ token: testVisitorToken(), ip: randomIp() });

/**
 * A visitor that identity issued a token and who holds `username` there, through the real identity
 * process of the project (`serviceTestConfig(name, { identity: true })` sets IDENTITY_URL).
 */
export async function namedVisitor(username: string, identityUrl = process.env.IDENTITY_URL): Promise<Visitor> {
  if (!identityUrl) throw new Error('namedVisitor needs the identity process: serviceTestConfig(name, { identity: true })');
  const session = await fetch(`${identityUrl}/api/session`, { method: 'POST' });
  if (!session.ok) throw new Error(`session: ${session.status} ${await session.text()}`);
  const { anon_token: token } = (await session.json()) as { anon_token: string };
  const res = await fetch(`${identityUrl}/api/user-profile`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-anon-token': token },
    body: JSON.stringify({ username }),
  });
  if (res.status !== 201) throw new Error(`profile: ${res.status} ${await res.text()}`);
  return { token, ip: randomIp() };
}

/**
 * Makes the project's identity process know `name` as a staff account name, as the admin service's
 * staff events would (a row of identity.staff_names, in the database vitest's `inject('identityDatabaseUrl')` names).
 */
export async function seeStaffName(identityDatabaseUrl: string, name: string): Promise<void> {
  const identityDb = postgres(identityDatabaseUrl, { max: 1, onnotice: () => undefined });
  try {
    await identityDb`INSERT INTO identity.staff_names (name_lower) VALUES (${name.toLowerCase()}) ON CONFLICT DO NOTHING`;
  } finally {
    await identityDb.end();
  }
}

type VisitorMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One request to `app` as `visitor` (default: a new visitor): its token in x-anon-token and its
 * address as the client's. `null` is a caller without a token (from an address of its own).
 */
export function visitorRequest(
  app: FastifyInstance,
  method: VisitorMethod,
  url: string,
  payload?: unknown,
  visitor: Visitor | null = newVisitor(),
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    remoteAddress: visitor?.ip ?? randomIp(),
    headers: visitor ? { 'x-anon-token': visitor.token } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

export const get = (app: FastifyInstance, url: string, visitor?: Visitor | null) =>
  visitorRequest(app, 'GET', url, undefined, visitor);
export const post = (app: FastifyInstance, url: string, payload?: unknown, visitor?: Visitor | null) =>
  visitorRequest(app, 'POST', url, payload, visitor);
export const put = (app: FastifyInstance, url: string, payload?: unknown, visitor?: Visitor | null) =>
  visitorRequest(app, 'PUT', url, payload, visitor);
