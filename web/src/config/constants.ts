/** Client-side constants of spec document 1, §9. */

export const SITE_NAME = 'WFM Community';
export const TAGLINE = 'Where Workforce Management Minds Connect';

/** Pause after creating a session before the token is stored and used. */
export const VISITOR_TOKEN_SETTLE_DELAY_MS = 100;
export const USERNAME_CHECK_DEBOUNCE_MS = 500;
export const PROFILE_STALE_TIME_MS = 5 * 60 * 1000;
export const PROFILE_RETRIES = 2;
export const PROFILE_CHECK_RETRIES = 3;
export const PROFILE_CHECK_MAX_BACKOFF_MS = 30_000;
/**
 * Websocket reconnects: the spec's 3 s is the first wait (jittered into 1.5-3 s), doubling on each
 * failed attempt up to 30 s (issue 23: a rolling deploy drops every socket at once).
 */
export const REALTIME_RECONNECT_DELAY_MS = 3000;
export const REALTIME_RECONNECT_MAX_DELAY_MS = 30_000;
/** Active Members get a "+" suffix from this figure up. */
export const ACTIVE_MEMBERS_PLUS_THRESHOLD = 100;
export const STATS_REFRESH_MS = 15 * 60 * 1000;
/** On the smallest screens the "Posting as" name is cut to this many characters plus an ellipsis. */
export const POSTING_AS_MOBILE_CHARS = 6;
/** Post lists are fresh this long, post details this long (spec 1 §9). */
export const POST_LIST_STALE_MS = 30_000;
export const POST_DETAIL_STALE_MS = 60_000;
