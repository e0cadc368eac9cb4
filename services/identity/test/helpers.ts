import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** A client address of its own, so each test starts with fresh per-IP rate-limit counters. */
export const randomIp = (): string => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

export { safeRandomChars, uniqueUsername } from '@wfm/service-kit/testing-names';

export async function createSession(app: FastifyInstance, ip = randomIp()): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/session', remoteAddress: ip });
  if (res.statusCode !== 200) throw new Error(`session: ${res.statusCode} ${res.body}`);
  return res.json<{ anon_token: string }>().anon_token;
}

export function createProfile(app: FastifyInstance, token: string | undefined, username: unknown, ip = randomIp()) {
  return app.inject({
    method: 'POST',
    url: '/api/user-profile',
    remoteAddress: ip,
    headers: token === undefined ? {} : { 'x-anon-token': token },
    payload: { username },
  });
}

export function checkUsername(app: FastifyInstance, username: unknown, token?: string, ip = randomIp()) {
  return app.inject({
    method: 'POST',
    url: '/api/user-profile/check-username',
    remoteAddress: ip,
    headers: token === undefined ? {} : { 'x-anon-token': token },
    payload: { username },
  });
}
