import { createHash } from 'node:crypto';

/**
 * The failed-login policy (docs/admin.md, "Failed logins"). Failures are counted per (attempted
 * username, client address), so a stranger failing logins for `admin` locks only their own address
 * out: after `freeFailures` attempts that did not log in, the pair waits `firstDelaySeconds`, a wait
 * that doubles with every further attempt up to `maxDelaySeconds`. Ceilings catch what a pair
 * count cannot: failed password checks per username from all addresses (a guessing botnet) and per
 * address over all usernames (one address trying many accounts: `perIpPerMinute` stops spraying,
 * `perIpPerHour` a slow crawl). The per-username ceiling never refuses a network (IPv4 address,
 * IPv6 /48) with no failure on that username within the hour, nor a browser with a device cookie
 * for the username (logins-device.ts): strangers filling it cannot lock the owner out. A device
 * cookie lifts the per-address ceilings too. Every count is one atomic upsert on a row shared by all
 * replicas.
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
  /** Attempts that did not log in per address, over all usernames, in a one-minute window (spraying). */
  perIpPerMinute: number;
}

export const LOGIN_LIMITS: LoginLimits = {
  freeFailures: 5,
  firstDelaySeconds: 15,
  maxDelaySeconds: 15 * 60,
  forgetAfterSeconds: 24 * 3600,
  perUsernamePerHour: 1000,
  perIpPerHour: 100,
  perIpPerMinute: 6,
};

/** Length of the ceilings' fixed windows. */
export const CEILING_WINDOW_SECONDS = 3600;
/** Length of the per-address spraying window. */
export const SPRAY_WINDOW_SECONDS = 60;

/** SHA-256 of the lower-cased username: people type passwords into the username field. */
export const usernameKey = (username: string): Buffer =>
  createHash('sha256').update(username.trim().toLowerCase(), 'utf8').digest();
