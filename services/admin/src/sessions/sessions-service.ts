import { ADMIN_AUTH_MESSAGES, type AdminLoginResponse } from '@wfm/contracts/admin';
import type { FastifyInstance } from 'fastify';
import { HttpError, recordStaffAction, unauthorized, type Sql } from '@wfm/service-kit';
import { verifyAgainstNothing, verifyPassword } from '../accounts/accounts-passwords.ts';
import { findStaffByUsername } from '../accounts/accounts-repository.ts';
import { LOGIN_LIMITS, type LoginLimits } from './sessions-login-limits.ts';
import { hashSessionId, newSessionId } from './sessions-cookie.ts';
import * as sessions from './sessions-repository.ts';

export interface LoginAttempt {
  username: string;
  password: string;
  ip: string;
  /** The session the browser already holds, ended by this login (the id is rotated). */
  previousSessionId: string | null;
}

export interface LoggedIn extends AdminLoginResponse {
  sessionId: string;
}

/** 429 with the wait in seconds, for the Retry-After header. */
export class LoginBlocked extends HttpError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    super(429, ADMIN_AUTH_MESSAGES.tooManyAttempts);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * Checks the ceilings, counts the attempt for its (username, address) pair (refused while the pair
 * is locked), then the password; see login-limits.ts for the policy.
 */
/** The app's pool and staff-action log (recordStaffAction). */
type StaffContext = Pick<FastifyInstance, 'sql' | 'staffActionLog'>;

export async function login(app: StaffContext, attempt: LoginAttempt, limits: LoginLimits = LOGIN_LIMITS): Promise<LoggedIn> {
  const { sql } = app;
  const ceiling = await sessions.ceilingWait(sql, limits, attempt.ip, attempt.username);
  if (ceiling !== null) throw new LoginBlocked(ceiling);
  const counted = await sessions.countAttempt(sql, limits, attempt.ip, attempt.username);
  if (counted.refusedFor !== null) throw new LoginBlocked(counted.refusedFor);

  const account = await findStaffByUsername(sql, attempt.username);
  const valid = account
    ? (await verifyPassword(account.passwordHash, attempt.password)) && account.active
    : await verifyAgainstNothing(attempt.password);
  if (!account || !valid) {
    await sessions.recordFailedCheck(sql, attempt.ip, attempt.username);
    throw unauthorized(ADMIN_AUTH_MESSAGES.invalidCredentials);
  }

  const sessionId = newSessionId();
  await sql.begin(async (tx) => {
    if (attempt.previousSessionId) await sessions.deleteSession(tx, hashSessionId(attempt.previousSessionId));
    await sessions.deleteExpiredSessions(tx);
    await sessions.insertSession(tx, hashSessionId(sessionId), account.id);
    await sessions.clearAttempts(tx, limits, attempt.ip, attempt.username);
    await recordStaffAction(tx, app, account, { action: 'staff.login', target: { type: 'staff', id: account.id } });
  });
  return { sessionId, username: account.username, role: account.role };
}

/** Ends the session (if it is still there) and records the logout of its owner. */
export async function logout(app: StaffContext, sessionId: string | null): Promise<void> {
  if (!sessionId) return;
  await app.sql.begin(async (tx) => {
    const idHash = hashSessionId(sessionId);
    const staff = await sessions.touchSession(tx, idHash);
    const staffId = await sessions.deleteSession(tx, idHash);
    if (staff && staffId !== null) await recordStaffAction(tx, app, staff, { action: 'staff.logout', target: { type: 'staff', id: staff.id } });
  });
}

/** The staff member owning a live session, which counts as activity; null otherwise. */
export async function sessionStaff(sql: Sql, sessionId: string | null): Promise<sessions.SessionStaff | null> {
  if (!sessionId) return null;
  return sessions.touchSession(sql, hashSessionId(sessionId));
}
