import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** A client address of its own, so each test starts with fresh per-IP rate-limit counters. */
export const randomIp = (): string => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** A valid username nobody else in the test run has (9 characters). */
/**
 * Letters and digits that neither spell nor, through leetspeak (4=a, 5=s, 0=o...), stand for a word of
 * the profanity list: random hex names are refused now and then (`b00b`), failing tests at random.
 */
const SAFE_NAME_CHARS = '89bdfhjmnpqrvwxyz';
export const safeRandomChars = (length: number): string =>
  [...randomBytes(length)].map((b) => SAFE_NAME_CHARS[b % SAFE_NAME_CHARS.length]).join('');
export const uniqueUsername = (prefix = 'u'): string => `${prefix}${safeRandomChars(9)}`;

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
