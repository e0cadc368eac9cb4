import { ADMIN_AUTH_MESSAGES, type AdminLoginResponse } from '@wfm/contracts/admin';
import { HttpError, recordStaffAction, unauthorized } from '@wfm/service-kit';
import { verifyAgainstNothing, verifyPassword } from '../accounts/accounts-passwords.ts';
import { findStaffByUsername } from '../accounts/accounts-repository.ts';
import type { AdminContext } from '../context.ts';
import { hashLoginId, newLoginId } from './logins-cookie.ts';
import * as logins from './logins-repository.ts';

export interface LoginAttempt {
  username: string;
  password: string;
  ip: string;
  /** The staff login the browser already holds, ended by this one (the id is rotated). */
  previousLoginId: string | null;
}

export interface LoggedIn extends AdminLoginResponse {
  loginId: string;
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
 * is locked), then the password; see logins-limits.ts for the policy (ctx.loginLimits).
 */
export async function login(
  ctx: AdminContext,
  attempt: LoginAttempt,
): Promise<LoggedIn> {
  const { sql, loginLimits: limits } = ctx;
  const ceiling = await logins.ceilingWait(sql, limits, attempt.ip, attempt.username);
  if (ceiling !== null) throw new LoginBlocked(ceiling);
  const counted = await logins.countAttempt(sql, limits, attempt.ip, attempt.username);
  if (counted.refusedFor !== null) throw new LoginBlocked(counted.refusedFor);

  const account = await findStaffByUsername(sql, attempt.username);
  const valid = account
    ? (await verifyPassword(account.passwordHash, attempt.password)) && account.active
    : await verifyAgainstNothing(attempt.password);
  if (!account || !valid) {
    await logins.recordFailedCheck(sql, attempt.ip, attempt.username);
    throw unauthorized(ADMIN_AUTH_MESSAGES.invalidCredentials);
  }

  const loginId = newLoginId();
  await sql.begin(async (tx) => {
    if (attempt.previousLoginId) await logins.deleteLogin(tx, hashLoginId(attempt.previousLoginId));
    await logins.deleteExpiredLogins(tx);
    await logins.insertLogin(tx, hashLoginId(loginId), account.id);
    await logins.clearAttempts(tx, limits, attempt.ip, attempt.username);
    await recordStaffAction(tx, ctx, account, { action: 'staff.login', target: { type: 'staff', id: account.id } });
  });
  return { loginId, username: account.username, role: account.role };
}

/** Ends the staff login (if it is still there) and records the logout of its owner. */
export async function logout(ctx: AdminContext, loginId: string | null): Promise<void> {
  if (!loginId) return;
  await ctx.sql.begin(async (tx) => {
    const idHash = hashLoginId(loginId);
    const staff = await logins.touchLogin(tx, idHash);
    const staffId = await logins.deleteLogin(tx, idHash);
    if (staff && staffId !== null) await recordStaffAction(tx, ctx, staff, { action: 'staff.logout', target: { type: 'staff', id: staff.id } });
  });
}

/** The staff member owning a live staff login, which counts as activity; null otherwise. */
export async function loginStaff(ctx: AdminContext, loginId: string | null): Promise<logins.LoginStaff | null> {
  if (!loginId) return null;
  return logins.touchLogin(ctx.sql, hashLoginId(loginId));
}
