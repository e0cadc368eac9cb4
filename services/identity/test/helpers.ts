import type { FastifyInstance } from 'fastify';
import { randomIp } from '@wfm/service-kit/testing';

export { randomIp } from '@wfm/service-kit/testing';

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
