/** Spec 3 §9: 6 skeleton cards while the list loads. */
export const JOB_SKELETONS = 6;
/** Lists are cached 30 s (spec 3 §9); approval refreshes at once over the websocket. */
export const JOB_LIST_STALE_MS = 30_000;
export const SEARCH_DEBOUNCE_MS = 300;
