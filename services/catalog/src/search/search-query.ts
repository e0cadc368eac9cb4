/** Words used from a search text; more are ignored. */
const MAX_WORDS = 8;

/**
 * A full-text query for `to_tsquery('simple', ...)` from what a visitor typed: every word must
 * match as a prefix (`forec` finds Forecasting while the search box is still being typed).
 * Only letters and digits reach the query, so no input can break its syntax. Undefined when the
 * text holds no word.
 */
export function prefixQuery(q: string | undefined): string | undefined {
  if (!q) return undefined;
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return undefined;
  return words
    .slice(0, MAX_WORDS)
    .map((word) => `${word}:*`)
    .join(' & ');
}
