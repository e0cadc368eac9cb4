/** Realtime limits the browser's eager code needs too: plain numbers, no schema library. */

/** The longest replay a hello may ask for (a replica keeps far less: gateway/src/recent-broadcasts.ts). */
export const REALTIME_REPLAY_MAX_MS = 3_600_000;
