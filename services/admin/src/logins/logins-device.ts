import { createHmac } from 'node:crypto';
import { isBase64urlOf } from '@wfm/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { usernameKey } from './logins-limits.ts';

/**
 * The staff device cookie: set after a successful login, it tells the failed-login policy that this
 * browser logged in as this username before, so the per-username and per-address ceilings (which a
 * stranger can fill) never refuse its owner (docs/admin.md, "Failed logins"). It grants nothing by
 * itself: the password is still checked, and the (username, address) lock still applies.
 * `v1.<SHA-256 of the lower-cased username>.<issued, epoch seconds>.<HMAC-SHA256 tag>`, all base64url
 * but the time; the tag's key is derived from STAFF_HEADER_SECRET.
 */
export const STAFF_DEVICE_COOKIE = { secure: '__Host-wfm_staff_device', plain: 'wfm_staff_device' } as const;

/** How long a device cookie is honoured (and kept by the browser) after the login that set it. */
export const DEVICE_MAX_AGE_SECONDS = 180 * 24 * 3600;

const VERSION = 'v1';
const FORMAT = /^v1\.([A-Za-z0-9_-]{43})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export const deviceKeyOf = (staffHeaderSecret: string): Buffer =>
  createHmac('sha256', staffHeaderSecret).update('wfm-staff-login-device:v1').digest();

const tagOf = (key: Buffer, body: string): Buffer => createHmac('sha256', key).update(body).digest();

export function signDevice(key: Buffer, username: string, nowMs: number): string {
  const body = `${VERSION}.${usernameKey(username).toString('base64url')}.${Math.floor(nowMs / 1000)}`;
  return `${body}.${tagOf(key, body).toString('base64url')}`;
}

/** Whether `value` is a device cookie this service signed for `username`, issued within DEVICE_MAX_AGE_SECONDS. */
export function isDeviceOf(key: Buffer, value: string | null, username: string, nowMs: number): boolean {
  const match = value === null ? null : FORMAT.exec(value);
  if (!match) return false;
  const [, user, issued, tag] = match as unknown as [string, string, string, string];
  const expected = tagOf(key, `${VERSION}.${user}.${issued}`);
  if (!isBase64urlOf(tag, expected)) return false;
  const age = nowMs / 1000 - Number(issued);
  return age >= -300 && age <= DEVICE_MAX_AGE_SECONDS && Buffer.from(user, 'base64url').equals(usernameKey(username));
}

function cookieValue(header: string | undefined, names: readonly string[]): string | null {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && names.includes(part.slice(0, eq).trim())) return part.slice(eq + 1).trim();
  }
  return null;
}

/** The device cookie the request carries, under either name (null when none). */
export const deviceCookieFrom = (request: FastifyRequest): string | null =>
  cookieValue(request.headers.cookie, [STAFF_DEVICE_COOKIE.secure, STAFF_DEVICE_COOKIE.plain]);

/** Appends the device cookie: HttpOnly, SameSite=Strict, Secure and __Host- over https (as the login cookie). */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, value: string): void {
  const secure = request.protocol === 'https';
  const name = secure ? STAFF_DEVICE_COOKIE.secure : STAFF_DEVICE_COOKIE.plain;
  // Fastify appends to an earlier set-cookie header (the login cookie) instead of replacing it.
  reply.header('set-cookie', `${name}=${value}; Path=/; Max-Age=${DEVICE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`);
}
