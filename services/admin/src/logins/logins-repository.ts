import type { StaffRole } from '@wfm/contracts/shared';
import type { Db } from '@wfm/service-kit';
import { CEILING_WINDOW_SECONDS, SPRAY_WINDOW_SECONDS, usernameKey, type LoginLimits } from './logins-limits.ts';

/** A staff login ends after this long without a request... */
export const LOGIN_IDLE_SECONDS = 30 * 60;
/** ...and this long after login, however active. */
export const LOGIN_MAX_AGE_SECONDS = 12 * 60 * 60;

export interface LoginStaff {
  id: number;
  username: string;
  role: StaffRole;
}

export async function insertLogin(db: Db, idHash: Buffer, staffId: number): Promise<void> {
  await db`INSERT INTO staff_sessions (id_hash, staff_id) VALUES (${idHash}, ${staffId})`;
}

/**
 * The active staff member owning a live staff login (a row of staff_sessions), recording the activity (the idle timeout slides).
 * Null for an unknown, idle-expired or too old login, or an inactive account.
 */
export async function touchLogin(db: Db, idHash: Buffer): Promise<LoginStaff | null> {
  const rows = await db<LoginStaff[]>`
    WITH live AS (
      UPDATE staff_sessions SET last_seen_at = now()
      WHERE id_hash = ${idHash}
        AND last_seen_at > now() - make_interval(secs => ${LOGIN_IDLE_SECONDS})
        AND created_at > now() - make_interval(secs => ${LOGIN_MAX_AGE_SECONDS})
      RETURNING staff_id
    )
    SELECT s.id, s.username, s.role FROM live JOIN staff s ON s.id = live.staff_id WHERE s.active`;
  return rows[0] ?? null;
}

export async function deleteLogin(db: Db, idHash: Buffer): Promise<number | null> {
  const rows = await db<{ staffId: number }[]>`
    DELETE FROM staff_sessions WHERE id_hash = ${idHash} RETURNING staff_id AS "staffId"`;
  return rows[0]?.staffId ?? null;
}

/** Ends every staff login of a staff member, except `keep` when given. */
export async function deleteLoginsOf(db: Db, staffId: number, keep?: Buffer): Promise<void> {
  if (keep) await db`DELETE FROM staff_sessions WHERE staff_id = ${staffId} AND id_hash <> ${keep}`;
  else await db`DELETE FROM staff_sessions WHERE staff_id = ${staffId}`;
}

export async function deleteExpiredLogins(db: Db): Promise<void> {
  await db`
    DELETE FROM staff_sessions
    WHERE last_seen_at < now() - make_interval(secs => ${LOGIN_IDLE_SECONDS})
       OR created_at < now() - make_interval(secs => ${LOGIN_MAX_AGE_SECONDS})`;
}

/** Seconds until the hourly per-address ceiling lets attempts through again; null when it is not reached. */
export async function addressCeilingWait(db: Db, limits: LoginLimits, ip: string): Promise<number | null> {
  return windowWait(db, 'ip', ip, limits.perIpPerHour);
}

/** Seconds until the per-username ceiling lets attempts through again; null when it is not reached. */
export async function usernameCeilingWait(db: Db, limits: LoginLimits, username: string): Promise<number | null> {
  return windowWait(db, 'username', usernameKey(username).toString('hex'), limits.perUsernamePerHour);
}

async function windowWait(db: Db, scope: 'ip' | 'username', key: string, max: number): Promise<number | null> {
  const rows = await db<{ wait: number }[]>`
    SELECT ceil(extract(epoch FROM window_start + make_interval(secs => ${CEILING_WINDOW_SECONDS}) - now()))::int AS wait
    FROM login_failure_windows
    WHERE scope = ${scope} AND key = ${key} AND failures >= ${max}
      AND window_start > now() - make_interval(secs => ${CEILING_WINDOW_SECONDS})`;
  return rows.length > 0 ? Math.max(1, rows[0]!.wait) : null;
}

/**
 * Counts an attempt from `ip` in its one-minute spraying window before the password is checked, in
 * one atomic statement (a parallel burst is counted in full): answers the seconds to wait when this
 * attempt is one too many, else null. A successful login gives its count back (releaseSprayAttempt).
 */
export async function countSprayAttempt(db: Db, limits: LoginLimits, ip: string): Promise<number | null> {
  const fresh = db`w.window_start > now() - make_interval(secs => ${SPRAY_WINDOW_SECONDS})`;
  const rows = await db<{ attempts: number; wait: number }[]>`
    INSERT INTO login_address_attempts AS w (ip, window_start, attempts) VALUES (${ip}, now(), 1)
    ON CONFLICT (ip) DO UPDATE SET
      attempts = CASE WHEN ${fresh} THEN least(w.attempts + 1, ${limits.perIpPerMinute + 1}::int) ELSE 1 END,
      window_start = CASE WHEN ${fresh} THEN w.window_start ELSE now() END
    RETURNING attempts, ceil(extract(epoch FROM window_start + make_interval(secs => ${SPRAY_WINDOW_SECONDS}) - now()))::int AS wait`;
  const row = rows[0]!;
  return row.attempts > limits.perIpPerMinute ? Math.max(1, row.wait) : null;
}

/** A successful login does not count as a failed one: its spraying count is given back. */
export async function releaseSprayAttempt(db: Db, ip: string): Promise<void> {
  await db`
    UPDATE login_address_attempts SET attempts = attempts - 1
    WHERE ip = ${ip} AND attempts > 0 AND window_start > now() - make_interval(secs => ${SPRAY_WINDOW_SECONDS})`;
}

/**
 * While the per-username ceiling is reached: claims the one attempt a network (IPv4 address, IPv6
 * /48) with no failure on this username within the hour may make, atomically (of a parallel burst
 * from a fresh network, one goes through). True when the network had none; the claim itself counts
 * as a failure until a successful login clears it.
 */
export async function claimCleanNetwork(db: Db, network: string, username: string): Promise<boolean> {
  const fresh = db`f.last_at > now() - make_interval(secs => ${CEILING_WINDOW_SECONDS})`;
  const rows = await db<{ failures: number }[]>`
    INSERT INTO login_network_failures AS f (username_hash, network, failures, last_at)
    VALUES (${usernameKey(username)}, ${network}, 1, now())
    ON CONFLICT (username_hash, network) DO UPDATE SET
      failures = CASE WHEN ${fresh} THEN f.failures + 1 ELSE 1 END,
      last_at = now()
    RETURNING failures`;
  return rows[0]!.failures === 1;
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

/**
 * A password check failed: counts it towards the per-username and per-address ceilings, and for
 * the (username, network) pair the per-username ceiling looks at.
 */
export async function recordFailedCheck(db: Db, ip: string, network: string, username: string): Promise<void> {
  await db`
    INSERT INTO login_network_failures AS f (username_hash, network, failures, last_at)
    VALUES (${usernameKey(username)}, ${network}, 1, now())
    ON CONFLICT (username_hash, network) DO UPDATE SET
      failures = CASE WHEN f.last_at > now() - make_interval(secs => ${CEILING_WINDOW_SECONDS}) THEN f.failures + 1 ELSE 1 END,
      last_at = now()`;
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
export async function clearAttempts(db: Db, limits: LoginLimits, ip: string, network: string, username: string): Promise<void> {
  await db`DELETE FROM login_source_failures WHERE username_hash = ${usernameKey(username)} AND ip = ${ip}`;
  await db`DELETE FROM login_network_failures WHERE username_hash = ${usernameKey(username)} AND network = ${network}`;
  await db`DELETE FROM login_network_failures WHERE last_at < now() - make_interval(secs => ${CEILING_WINDOW_SECONDS})`;
  await db`DELETE FROM login_address_attempts WHERE window_start < now() - make_interval(secs => ${SPRAY_WINDOW_SECONDS})`;
  await db`DELETE FROM login_source_failures WHERE last_at < now() - make_interval(secs => ${limits.forgetAfterSeconds})`;
  await db`DELETE FROM login_failure_windows WHERE window_start < now() - make_interval(secs => ${CEILING_WINDOW_SECONDS})`;
}
