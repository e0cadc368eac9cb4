import { createHash } from 'node:crypto';
import type { Db } from '@wfm/service-kit';

/**
 * The failed-login policy (docs/admin.md, "Failed logins"). Failures are counted per (attempted
 * username, client address), so a stranger failing logins for `admin` locks only their own address
 * out: after `freeFailures` attempts that did not log in, the pair waits `firstDelaySeconds`, a wait
 * that doubles with every further attempt up to `maxDelaySeconds`. Two ceilings catch what a pair
 * count cannot: failed password checks per username from all addresses (a guessing botnet) and per
 * address over all usernames (one address trying many accounts). Every count is one atomic upsert
 * on a row shared by all replicas.
 */
export interface LoginLimits {
  /** Attempts of a (username, address) pair before the first wait. */
  freeFailures: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  /** A pair's count is forgotten this long after its last attempt. */
  forgetAfterSeconds: number;
  /** Failed password checks per username, over all addresses, in a one-hour window. */
  perUsernamePerHour: number;
  /** Failed password checks per address, over all usernames, in a one-hour window. */
  perIpPerHour: number;
}

export const LOGIN_LIMITS: LoginLimits = {
  freeFailures: 5,
  firstDelaySeconds: 15,
  maxDelaySeconds: 15 * 60,
  forgetAfterSeconds: 24 * 3600,
  perUsernamePerHour: 1000,
  perIpPerHour: 100,
};

/** Length of the ceilings' fixed windows. */
export const CEILING_WINDOW_SECONDS = 3600;

/** SHA-256 of the lower-cased username: people type passwords into the username field. */
export const usernameKey = (username: string): Buffer =>
  createHash('sha256').update(username.trim().toLowerCase(), 'utf8').digest();

/** Seconds until a ceiling (per username or per address) lets attempts through again; null when none is reached. */
export async function ceilingWait(db: Db, limits: LoginLimits, ip: string, username: string): Promise<number | null> {
  const rows = await db<{ wait: number }[]>`
    SELECT ceil(extract(epoch FROM window_start + make_interval(secs => ${CEILING_WINDOW_SECONDS}) - now()))::int AS wait
    FROM login_failure_windows
    WHERE window_start > now() - make_interval(secs => ${CEILING_WINDOW_SECONDS})
      AND ((scope = 'username' AND key = ${usernameKey(username).toString('hex')} AND failures >= ${limits.perUsernamePerHour})
        OR (scope = 'ip' AND key = ${ip} AND failures >= ${limits.perIpPerHour}))`;
  return rows.length > 0 ? Math.max(1, ...rows.map((r) => r.wait)) : null;
}

export interface CountedAttempt {
  /** Attempts of this (username, address) pair that did not log in, this one included. */
  failures: number;
  /** Seconds to wait when this attempt is refused (the pair is locked); null when it may go on. */
  refusedFor: number | null;
}

/**
 * Counts an attempt for its (username, address) pair before the password is checked, in one
 * atomic statement that also decides whether the attempt may go on: parallel attempts are
 * serialised on the pair's row, so a burst cannot slip extra guesses past the lock, and each one is
 * counted. A refused attempt is counted but does not extend the current lock; a later allowed one
 * then waits longer. A successful login removes the pair's row (clearAttempts).
 */
export async function countAttempt(db: Db, limits: LoginLimits, ip: string, username: string): Promise<CountedAttempt> {
  const { freeFailures, firstDelaySeconds, maxDelaySeconds, forgetAfterSeconds } = limits;
  const fresh = db`f.last_at > now() - make_interval(secs => ${forgetAfterSeconds})`;
  const locked = db`(${fresh} AND coalesce(f.locked_until > now(), false))`;
  const next = db`(CASE WHEN ${fresh} THEN f.failures + 1 ELSE 1 END)`;
  const lockAfter = (n: typeof next) => db`
    CASE WHEN ${n} >= ${freeFailures}::int
      THEN now() + make_interval(secs => least(${maxDelaySeconds}::float8,
        ${firstDelaySeconds}::float8 * power(2::float8, least(${n} - ${freeFailures}::int, 40))))
    END`;
  const rows = await db<{ failures: number; refused: boolean; wait: number | null }[]>`
    INSERT INTO login_source_failures AS f (username_hash, ip, failures, locked_until, last_refused, last_at)
    VALUES (${usernameKey(username)}, ${ip}, 1, ${lockAfter(db`(1)`)}, false, now())
    ON CONFLICT (username_hash, ip) DO UPDATE SET
      failures = ${next},
      last_refused = ${locked},
      locked_until = CASE WHEN ${locked} THEN f.locked_until ELSE ${lockAfter(next)} END,
      last_at = now()
    RETURNING failures, last_refused AS refused, ceil(extract(epoch FROM locked_until - now()))::int AS wait`;
  const row = rows[0]!;
  return { failures: row.failures, refusedFor: row.refused ? Math.max(1, row.wait ?? 1) : null };
}

/** A password check failed: counts it towards the per-username and per-address ceilings. */
export async function recordFailedCheck(db: Db, ip: string, username: string): Promise<void> {
  await db`
    INSERT INTO login_failure_windows AS w (scope, key, window_start, failures)
    VALUES ('username', ${usernameKey(username).toString('hex')}, now(), 1), ('ip', ${ip}, now(), 1)
    ON CONFLICT (scope, key) DO UPDATE SET
      failures = CASE WHEN w.window_start > now() - make_interval(secs => ${CEILING_WINDOW_SECONDS}) THEN w.failures + 1 ELSE 1 END,
      window_start = CASE WHEN w.window_start > now() - make_interval(secs => ${CEILING_WINDOW_SECONDS}) THEN w.window_start ELSE now() END`;
}

/**
 * A successful login clears its own pair's count (a typo earlier should not linger), never another
 * address's lock; counts nobody has touched for a while are dropped on the way.
 */
export async function clearAttempts(db: Db, limits: LoginLimits, ip: string, username: string): Promise<void> {
  await db`DELETE FROM login_source_failures WHERE username_hash = ${usernameKey(username)} AND ip = ${ip}`;
  await db`DELETE FROM login_source_failures WHERE last_at < now() - make_interval(secs => ${limits.forgetAfterSeconds})`;
  await db`DELETE FROM login_failure_windows WHERE window_start < now() - make_interval(secs => ${CEILING_WINDOW_SECONDS})`;
}
