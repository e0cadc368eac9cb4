import { createHash } from 'node:crypto';
import type { Db } from '@wfm/service-kit';

/**
 * Failed logins allowed within the window, per client address and per attempted username; beyond
 * either, attempts are refused with 429 until the oldest counted failure leaves the window. The
 * username limit protects an account from guesses spread over many addresses.
 */
export const LOGIN_FAILURE_LIMITS = { windowSeconds: 15 * 60, perIp: 20, perUsername: 10 } as const;

export const usernameKey = (username: string): Buffer =>
  createHash('sha256').update(username.trim().toLowerCase(), 'utf8').digest();

/** Seconds until another attempt is allowed, or null when neither limit is reached. */
export async function loginBlockedFor(db: Db, ip: string, username: string): Promise<number | null> {
  const { windowSeconds, perIp, perUsername } = LOGIN_FAILURE_LIMITS;
  const rows = await db<{ byIp: number; byUser: number; ipRetry: number | null; userRetry: number | null }[]>`
    WITH recent AS (
      SELECT ip, username_hash, at FROM login_failures
      WHERE at > now() - make_interval(secs => ${windowSeconds})
        AND (ip = ${ip} OR username_hash = ${usernameKey(username)})
    ), by_ip AS (
      SELECT at FROM recent WHERE ip = ${ip} ORDER BY at DESC OFFSET ${perIp - 1} LIMIT 1
    ), by_user AS (
      SELECT at FROM recent WHERE username_hash = ${usernameKey(username)} ORDER BY at DESC OFFSET ${perUsername - 1} LIMIT 1
    )
    SELECT
      (SELECT count(*) FROM recent WHERE ip = ${ip})::int AS "byIp",
      (SELECT count(*) FROM recent WHERE username_hash = ${usernameKey(username)})::int AS "byUser",
      (SELECT ceil(extract(epoch FROM at + make_interval(secs => ${windowSeconds}) - now()))::int FROM by_ip) AS "ipRetry",
      (SELECT ceil(extract(epoch FROM at + make_interval(secs => ${windowSeconds}) - now()))::int FROM by_user) AS "userRetry"`;
  const row = rows[0];
  if (!row) return null;
  const waits: number[] = [];
  if (row.byIp >= perIp && row.ipRetry !== null) waits.push(row.ipRetry);
  if (row.byUser >= perUsername && row.userRetry !== null) waits.push(row.userRetry);
  return waits.length > 0 ? Math.max(1, ...waits) : null;
}

export async function recordLoginFailure(db: Db, ip: string, username: string): Promise<void> {
  await db`INSERT INTO login_failures (ip, username_hash) VALUES (${ip}, ${usernameKey(username)})`;
}

/** A successful login clears the account's count (a typo earlier should not linger) and old rows. */
export async function clearLoginFailures(db: Db, username: string): Promise<void> {
  await db`DELETE FROM login_failures WHERE username_hash = ${usernameKey(username)}`;
  await db`DELETE FROM login_failures WHERE at < now() - make_interval(secs => ${LOGIN_FAILURE_LIMITS.windowSeconds})`;
}
