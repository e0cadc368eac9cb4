import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { STAFF_LOGIN_COOKIE } from '@wfm/contracts/admin';
import { LOGIN_MAX_AGE_SECONDS } from './logins-repository.ts';

/** A new staff login id: 32 random bytes, base64url. */
export function newLoginId(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps: SHA-256 of the id (a 256-bit random value needs no slow hash). */
export function hashLoginId(id: string): Buffer {
  return createHash('sha256').update(id, 'utf8').digest();
}

const LOGIN_ID = /^[A-Za-z0-9_-]{43}$/;

function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (!cookies.has(name)) cookies.set(name, part.slice(eq + 1).trim());
  }
  return cookies;
}

/**
 * The staff login id the request carries, under either cookie name: the gateway's session check
 * forwards only the Cookie header, not the scheme the browser used.
 */
export function loginIdFrom(request: FastifyRequest): string | null {
  const cookies = parseCookies(request.headers.cookie);
  for (const name of [STAFF_LOGIN_COOKIE.secure, STAFF_LOGIN_COOKIE.plain]) {
    const value = cookies.get(name);
    if (value !== undefined && LOGIN_ID.test(value)) return value;
  }
  return null;
}

/** Over https (directly or as forwarded by a trusted proxy) the cookie is Secure and __Host- prefixed. */
const isHttps = (request: FastifyRequest): boolean => request.protocol === 'https';

const attributes = (secure: boolean, maxAge: number) =>
  `Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;

export function setLoginCookie(request: FastifyRequest, reply: FastifyReply, id: string): void {
  const secure = isHttps(request);
  const name = secure ? STAFF_LOGIN_COOKIE.secure : STAFF_LOGIN_COOKIE.plain;
  reply.header('set-cookie', `${name}=${id}; ${attributes(secure, LOGIN_MAX_AGE_SECONDS)}`);
}

export function clearLoginCookie(request: FastifyRequest, reply: FastifyReply): void {
  const secure = isHttps(request);
  const cleared = [`${STAFF_LOGIN_COOKIE.plain}=; ${attributes(secure, 0)}`];
  // A __Host- cookie can only be set (and so cleared) over https.
  if (secure) cleared.push(`${STAFF_LOGIN_COOKIE.secure}=; ${attributes(true, 0)}`);
  reply.header('set-cookie', cleared);
}
