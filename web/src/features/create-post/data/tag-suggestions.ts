/** Title keywords and the tag each suggests (spec 2 §5), in the order they are offered. */
const KEYWORD_TAGS: { pattern: RegExp; tag: string }[] = [
  { pattern: /\bforecast/i, tag: 'forecasting' },
  { pattern: /\bschedul/i, tag: 'scheduling' },
  { pattern: /\b(rta|adherence)\b/i, tag: 'rta' },
  { pattern: /\bshrinkage\b/i, tag: 'shrinkage' },
  { pattern: /\battrition\b/i, tag: 'attrition' },
  { pattern: /\biex\b/i, tag: 'iex' },
  { pattern: /\bnice\b/i, tag: 'nice' },
  { pattern: /\bvolumes?\b/i, tag: 'volume' },
  { pattern: /\bcapacity\b/i, tag: 'capacity' },
  { pattern: /\bquality\b/i, tag: 'quality' },
];

export const MAX_SUGGESTED_TAGS = 4;

/** Up to four tags suggested by keywords in the title. */
export function suggestTags(title: string): string[] {
  return KEYWORD_TAGS.filter(({ pattern }) => pattern.test(title))
    .map(({ tag }) => tag)
    .slice(0, MAX_SUGGESTED_TAGS);
}
