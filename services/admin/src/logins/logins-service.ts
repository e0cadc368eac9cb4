import { ADMIN_AUTH_MESSAGES, type AdminLoginResponse } from '@wfm/contracts/admin';
import { HttpError, recordStaffAction, unauthorized } from '@wfm/service-kit';
import { verifyAgainstNothing, verifyPassword } from '../accounts/accounts-passwords.ts';
import { findStaffByUsername } from '../accounts/accounts-repository.ts';
import type { AdminContext } from '../context.ts';
import { hashLoginId, newLoginId } from './logins-cookie.ts';
import { deviceKeyOf, isDeviceOf, signDevice } from './logins-device.ts';
import * as logins from './logins-repository.ts';

export interface LoginAttempt {
  username: string;
  password: string;
  /** The client's address key: IPv4 address or IPv6 /64 (the pair lock and per-address ceilings). */
  ip: string;
  /** The client's network: IPv4 address or IPv6 /48 (the per-username ceiling's exemption). */
  network: string;
  /** The device cookie the browser holds (logins-device.ts), if any. */
  device: string | null;
  /** The staff login the browser already holds, ended by this one (the id is rotated). */
  previousLoginId: string | null;
}

export interface LoggedIn extends AdminLoginResponse {
  loginId: string;
  /** A fresh device cookie value for the browser. */
  device: string;
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
 * is locked), then the password; see logins-limits.ts for the policy (ctx.loginLimits). A browser
 * with a device cookie for this username skips the ceilings (never the pair lock); while the
 * per-username ceiling is reached, a network with no failure on the username within the hour gets
 * one attempt, so a correct password from it is never refused.
 */
export async function login(
  ctx: AdminContext,
  attempt: LoginAttempt,
): Promise<LoggedIn> {
  const { sql, loginLimits: limits } = ctx;
  const deviceKey = deviceKeyOf(ctx.env.STAFF_HEADER_SECRET);
  const trusted = isDeviceOf(deviceKey, attempt.device, attempt.username, ctx.now());
  if (!trusted) {
    const addressWait = await logins.addressCeilingWait(sql, limits, attempt.ip);
    if (addressWait !== null) throw new LoginBlocked(addressWait);
    const sprayWait = await logins.countSprayAttempt(sql, limits, attempt.ip);
    if (sprayWait !== null) throw new LoginBlocked(sprayWait);
    const usernameWait = await logins.usernameCeilingWait(sql, limits, attempt.username);
    if (usernameWait !== null && !(await logins.claimCleanNetwork(sql, attempt.network, attempt.username))) {
      throw new LoginBlocked(usernameWait);
    }
  }
  const counted = await logins.countAttempt(sql, limits, attempt.ip, attempt.username);
  if (counted.refusedFor !== null) throw new LoginBlocked(counted.refusedFor);

  const account = await findStaffByUsername(sql, attempt.username);
  const valid = account
    ? (await verifyPassword(account.passwordHash, attempt.password)) && account.active
    : await verifyAgainstNothing(attempt.password);
  if (!account || !valid) {
    await logins.recordFailedCheck(sql, attempt.ip, attempt.network, attempt.username);
    throw unauthorized(ADMIN_AUTH_MESSAGES.invalidCredentials);
  }

  const loginId = newLoginId();
  await sql.begin(async (tx) => {
    if (attempt.previousLoginId) await logins.deleteLogin(tx, hashLoginId(attempt.previousLoginId));
    await logins.deleteExpiredLogins(tx);
    await logins.insertLogin(tx, hashLoginId(loginId), account.id);
    await logins.clearAttempts(tx, limits, attempt.ip, attempt.network, attempt.username);
    if (!trusted) await logins.releaseSprayAttempt(tx, attempt.ip);
    await recordStaffAction(tx, ctx, account, { action: 'staff.login', target: { type: 'staff', id: account.id } });
  });
  return { loginId, username: account.username, role: account.role, device: signDevice(deviceKey, account.username, ctx.now()) };
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
