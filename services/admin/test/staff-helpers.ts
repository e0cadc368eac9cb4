import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { StaffRole } from '@wfm/contracts/shared';
import type { Sql } from '@wfm/service-kit';
import { randomIp, type TestService } from '@wfm/service-kit/testing';
import { hashPassword } from '../src/accounts/accounts-passwords.ts';
import { insertStaff } from '../src/accounts/accounts-repository.ts';

// The kit's client address of its own, so each test starts with fresh per-address login counters.
export { randomIp } from '@wfm/service-kit/testing';

export const uniqueName = (prefix = 'staff'): string => `${prefix}-${randomBytes(4).toString('hex')}`;

export const PASSWORD = 'correct horse battery';

export interface TestStaff {
  id: number;
  username: string;
  password: string;
  role: StaffRole;
}

/** A staff account written straight to the database. */
export async function createStaff(
  sql: Sql,
  opts: { role?: StaffRole; active?: boolean; username?: string; password?: string } = {},
): Promise<TestStaff> {
  const username = opts.username ?? uniqueName();
  const password = opts.password ?? PASSWORD;
  const account = await insertStaff(sql, {
    username,
    email: `${username}@example.com`,
    passwordHash: await hashPassword(password),
    role: opts.role ?? 'Moderator',
    permissions: {},
    active: opts.active ?? true,
  });
  return { id: account.id, username, password, role: account.role };
}

export function login(
  app: FastifyInstance,
  body: unknown,
  opts: { ip?: string; cookie?: string; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/admin/login',
    remoteAddress: opts.ip ?? randomIp(),
    headers: { ...(opts.cookie ? { cookie: opts.cookie } : {}), ...opts.headers },
    payload: body as Record<string, unknown>,
  });
}

/** `name=value` of the session cookie a response set. */
export function sessionCookie(res: { headers: Record<string, unknown> }): string {
  const header = res.headers['set-cookie'];
  const first = (Array.isArray(header) ? header[0] : header) as string | undefined;
  if (!first) throw new Error('no session cookie was set');
  return first.split(';')[0]!;
}

/** Logs in and answers the `name=value` session cookie. */
export async function loginCookie(app: FastifyInstance, staff: { username: string; password: string }): Promise<string> {
  const res = await login(app, { username: staff.username, password: staff.password });
  if (res.statusCode !== 200) throw new Error(`login: ${res.statusCode} ${res.body}`);
  return sessionCookie(res);
}

/** What the gateway's session check would learn for this cookie. */
export function checkSession(app: FastifyInstance, cookie: string) {
  return app.inject({ method: 'GET', url: '/internal/staff-session', headers: { cookie } });
}

/** A staff call as the gateway forwards it: signed x-staff-* headers for this exact request. */
export function asStaff(
  t: TestService,
  staff: { id?: number; username?: string; role: StaffRole },
  req: { method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'; url: string; payload?: unknown; headers?: Record<string, string> },
) {
  return t.app.inject({
    method: req.method,
    url: req.url,
    headers: { ...t.staffHeaders(staff, { method: req.method, url: req.url }), ...req.headers },
    ...(req.payload === undefined ? {} : { payload: req.payload as Record<string, unknown> }),
  });
}
