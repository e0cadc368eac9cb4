/** Spec 3 §7 and §9 numbers used by the admin app. */

/** Admin lists stay fresh this long before a revisit fetches them again. */
export const LIST_STALE_MS = 30_000;
/** Backups and backup stats: shorter, a backup can finish at any moment. */
export const BACKUPS_STALE_MS = 10_000;
/** Description previews of reports and feature suggestions. */
export const PREVIEW_LENGTH = 100;
/** Reports and feature suggestions fetched (and exported): the newest this many, the most the forum serves. */
export const FEEDBACK_LIMIT = 500;
