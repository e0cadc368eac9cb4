import { createHmac } from 'node:crypto';
import { isBase64urlOf } from './signed-tags.ts';
import { STAFF_ROLES, type StaffRole } from '@wfm/contracts/shared';

/**
 * Headers the gateway sets on requests of a signed-in staff member (and strips from client
 * requests). Iterable (`for (const h of STAFF_HEADERS)`) and addressable (`STAFF_HEADERS.role`).
 */
export const STAFF_HEADERS = Object.freeze(
  Object.assign(['x-staff-id', 'x-staff-username', 'x-staff-role', 'x-staff-ts', 'x-staff-signature'] as const, {
    id: 'x-staff-id',
    username: 'x-staff-username',
    role: 'x-staff-role',
    ts: 'x-staff-ts',
    signature: 'x-staff-signature',
  } as const),
);

export interface StaffIdentity {
  id: number;
  username: string;
  role: StaffRole;
}

export interface SignedRequest {
  method: string;
  /** The path and query exactly as the service receives it (the gateway does not rewrite paths). */
  url: string;
}

/** How old (or how far in the future) a signature may be. */
export const STAFF_SIGNATURE_MAX_AGE_MS = 60_000;

function signature(secret: string, fields: string[]): Buffer {
  return createHmac('sha256', secret).update(fields.join('\n')).digest();
}

const fieldsOf = (id: string, username: string, role: string, ts: string, req: SignedRequest) => [
  id,
  username,
  role,
  ts,
  req.method.toUpperCase(),
  req.url,
];

/** Headers proving to a service that the gateway verified this staff member for this request. */
export function signStaffHeaders(
  secret: string,
  staff: StaffIdentity,
  req: SignedRequest,
  now = Date.now(),
): Record<string, string> {
  const id = String(staff.id);
  // Header values must be Latin-1; usernames are encoded so any name survives the trip.
  const username = encodeURIComponent(staff.username);
  const ts = String(now);
  const sig = signature(secret, fieldsOf(id, username, staff.role, ts, req)).toString('base64url');
  return {
    [STAFF_HEADERS.id]: id,
    [STAFF_HEADERS.username]: username,
    [STAFF_HEADERS.role]: staff.role,
    [STAFF_HEADERS.ts]: ts,
    [STAFF_HEADERS.signature]: sig,
  };
}

type HeaderBag = Record<string, string | string[] | undefined>;

const single = (headers: HeaderBag, name: string): string | undefined => {
  const value = headers[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * The staff identity the headers carry, or null when they are absent, forged, tampered with, made
 * for another request, or older than STAFF_SIGNATURE_MAX_AGE_MS.
 */
export function verifyStaffHeaders(
  secret: string,
  headers: HeaderBag,
  req: SignedRequest,
  now = Date.now(),
): StaffIdentity | null {
  const id = single(headers, STAFF_HEADERS.id);
  const username = single(headers, STAFF_HEADERS.username);
  const role = single(headers, STAFF_HEADERS.role);
  const ts = single(headers, STAFF_HEADERS.ts);
  const sig = single(headers, STAFF_HEADERS.signature);
  if (id === undefined || username === undefined || role === undefined || ts === undefined || sig === undefined) {
    return null;
  }

  const expected = signature(secret, fieldsOf(id, username, role, ts, req));
  if (!isBase64urlOf(sig, expected)) return null;

  if (!/^\d{1,16}$/.test(ts) || Math.abs(now - Number(ts)) > STAFF_SIGNATURE_MAX_AGE_MS) return null;
  if (!/^[1-9]\d{0,15}$/.test(id)) return null;
  if (!(STAFF_ROLES as readonly string[]).includes(role)) return null;
  let decodedName: string;
  try {
    decodedName = decodeURIComponent(username);
  } catch {
    return null;
  }
  return { id: Number(id), username: decodedName, role: role as StaffRole };
}
