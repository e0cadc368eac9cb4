import { SUSPENSION_MESSAGES, SuspensionsListResponse } from '@wfm/contracts/identity';
import { SERVICE_UNAVAILABLE_MESSAGE } from './dependency-errors.ts';
import { HttpError } from './errors.ts';
import { signStaffHeaders, type StaffIdentity } from './staff-signature.ts';
import type { AddressBlock, Suspension } from './suspensions.ts';

/** Identity's internal routes for the durable decisions (never routed by the gateway). */
export const STANDINGS_INTERNAL_PATHS = {
  list: '/internal/standings',
  suspend: '/internal/standings/suspensions',
  lift: '/internal/standings/suspensions/lift',
  block: '/internal/standings/address-blocks',
  unblock: '/internal/standings/address-blocks/lift',
} as const;

/** Identity answers within this, or the decision's caller gets a 503 / the check keeps what it knew. */
const STANDINGS_TIMEOUT_MS = 2_000;

/**
 * Where suspensions and address blocks are kept for good: identity's PostgreSQL. Identity's own kit
 * uses its tables directly (ServiceDefinition.standingsSource); every other service asks identity
 * over HTTP (identityStandingsSource). Every call may throw; the caller decides what that means.
 */
export interface StandingsSource {
  /** The decisions in force at `at` (the caller's clock, epoch ms): lifted and expired ones left out. */
  load(at: number): Promise<{ suspensions: Suspension[]; blocks: AddressBlock[] }>;
  suspend(s: Suspension, staff: StaffIdentity): Promise<void>;
  /** False when there was no such suspension. */
  lift(service: string, visitor: string, staff: StaffIdentity): Promise<boolean>;
  block(b: AddressBlock, staff: StaffIdentity): Promise<void>;
  unblock(address: string, staff: StaffIdentity): Promise<boolean>;
}

/**
 * Identity's tables over HTTP (IDENTITY_URL, its first URL). Writes are signed as the staff member
 * who decided (the staff header secret every service holds), so identity takes a decision only from
 * a service acting for staff (signed on the wall clock: identity checks the signature's age on its
 * own). A failed write is a 503: no decision is taken that identity did not keep.
 */
export function identityStandingsSource(identityUrl: string, staffSecret: string): StandingsSource {
  const base = identityUrl.split(',')[0]!.trim();
  const send = async (method: 'GET' | 'POST', path: string, staff?: StaffIdentity, body?: unknown): Promise<{ status: number; body: unknown }> => {
    const headers: Record<string, string> = staff ? signStaffHeaders(staffSecret, staff, { method, url: path }) : {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(new URL(path, base), {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(STANDINGS_TIMEOUT_MS),
    });
    return { status: res.status, body: await res.json().catch(() => null) };
  };
  /** A write's answer: ok, a known "no such" (false), else 503 for the staff member. */
  const write = async (path: string, staff: StaffIdentity, body: unknown, missing?: string): Promise<boolean> => {
    let answer: { status: number; body: unknown };
    try {
      answer = await send('POST', path, staff, body);
    } catch {
      throw new HttpError(503, SERVICE_UNAVAILABLE_MESSAGE);
    }
    if (answer.status >= 200 && answer.status < 300) return true;
    if (answer.status === 404 && missing !== undefined && (answer.body as { message?: unknown } | null)?.message === missing) return false;
    throw new HttpError(503, SERVICE_UNAVAILABLE_MESSAGE);
  };
  return {
    async load(at) {
      const answer = await send('GET', `${STANDINGS_INTERNAL_PATHS.list}?at=${Math.floor(at)}`);
      if (answer.status !== 200) throw new Error(`identity answered ${answer.status} to the standings list`);
      return SuspensionsListResponse.parse(answer.body);
    },
    suspend: async (s, staff) => void (await write(STANDINGS_INTERNAL_PATHS.suspend, staff, s)),
    lift: (service, visitor, staff) => write(STANDINGS_INTERNAL_PATHS.lift, staff, { service, visitor }, SUSPENSION_MESSAGES.notFound),
    block: async (b, staff) => void (await write(STANDINGS_INTERNAL_PATHS.block, staff, b)),
    unblock: (address, staff) => write(STANDINGS_INTERNAL_PATHS.unblock, staff, { address }, SUSPENSION_MESSAGES.blockNotFound),
  };
}
