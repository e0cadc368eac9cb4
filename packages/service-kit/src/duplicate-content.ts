import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { HOUR } from './rate-limit-table.ts';

/**
 * The duplicate-content check (issue 25): the same text posted by many different visitors within
 * an hour is a spam flood, whatever the number of tokens and addresses behind it. Each write's text
 * is normalised and hashed; the distinct visitors who wrote that hash in the last hour are counted
 * (Redis, shared by every replica and service; in memory when there is no Redis or it fails), and
 * from the `holdAt`-th visitor on the write is held for staff review (kit_held_items) instead of
 * published.
 *
 * Texts shorter than `minLength` (after normalisation) are not counted: "Thanks!", "+1" or "Same
 * here, following" are what many people honestly write under many posts.
 */
export interface DuplicateContentSettings {
  /** The distinct visitor (within the window) from whom the same text is held; 0 turns the check off. */
  holdAt: number;
  /** Normalised texts shorter than this are never held. */
  minLength: number;
  /** How long a visitor's copy counts. */
  windowMs: number;
}

export const DEFAULT_DUPLICATE_CONTENT_SETTINGS: DuplicateContentSettings = { holdAt: 3, minLength: 40, windowMs: HOUR };

/** Visitors one text keeps in its count; past this the oldest are dropped (the count stays far above holdAt). */
export const VISITORS_PER_TEXT = 200;
/** Texts the in-memory counter keeps; beyond, the least recently written are forgotten. */
export const MEMORY_TEXTS = 50_000;

export interface DuplicateVerdict {
  /** True: store the write held for review, do not publish it. */
  held: boolean;
  /** Distinct visitors (this one included) who wrote the same text within the window; 0 when not counted. */
  copies: number;
}

export interface DuplicateContent {
  readonly settings: DuplicateContentSettings;
  /**
   * Counts `visitor`'s write of `text` (the parts of one write, e.g. a title and a body) and says
   * whether it is to be held. `visitor` names who wrote it: the verified visitor, else the address.
   */
  check(text: string | readonly string[], visitor: string): Promise<DuplicateVerdict>;
}

// Zero-width and other format characters (Cf: ZWSP, ZWJ, soft hyphen, bidi marks, BOM, tags),
// variation selectors and combining marks (after NFKD) hide a copy from a plain comparison.
const INVISIBLE = /[\p{Cf}\p{Mn}\p{Me}\u034f\u115f\u1160\u3164\uffa0]/gu;
// Markdown and typographic punctuation that changes no word: emphasis, headings, quotes, lists, links.
const MARKUP = /[*_~`#>|[\](){}"'“”‘’«»•·\-–—.,;:!?¡¿]+/gu;

/**
 * The text a copy is compared by: compatibility forms folded (NFKC: full-width, ligatures, styled
 * mathematical letters), accents and invisible characters dropped, lower case, markdown punctuation
 * removed and whitespace collapsed. "**Buy** now!!" and "buy  now" are the same text.
 */
export function normaliseContent(text: string): string {
  return text
    .normalize('NFKC')
    .normalize('NFKD')
    .replace(INVISIBLE, '')
    .toLowerCase()
    .replace(MARKUP, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** The hash a text is counted under, or null when it is too short to count. */
export function contentHash(parts: string | readonly string[], minLength: number): string | null {
  const normalised = (typeof parts === 'string' ? [parts] : parts).map(normaliseContent).filter((p) => p !== '').join('\n');
  if ([...normalised].length < minLength) return null;
  return createHash('sha256').update(normalised).digest('base64url');
}

/** Adds the visitor to the text's set (latest time), drops those past the window, answers the count. */
const COUNT_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[3])
local n = redis.call('ZCARD', KEYS[1])
if n > tonumber(ARGV[4]) then
  redis.call('ZREMRANGEBYRANK', KEYS[1], 0, n - tonumber(ARGV[4]) - 1)
  n = tonumber(ARGV[4])
end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return n`;

interface CountCommands {
  wfmDuplicateCount(key: string, now: number, windowMs: number, visitor: string, cap: number): Promise<number>;
}

/** Per-process counts: text hash -> visitor -> last write (ms). Used without Redis and when it fails. */
class MemoryCounts {
  private readonly texts = new Map<string, Map<string, number>>();

  count(hash: string, visitor: string, now: number, windowMs: number): number {
    let visitors = this.texts.get(hash);
    if (visitors) this.texts.delete(hash);
    else visitors = new Map();
    // Re-inserted last: the map's order is least recently written first.
    this.texts.set(hash, visitors);
    visitors.delete(visitor);
    visitors.set(visitor, now);
    for (const [who, at] of visitors) {
      if (at > now - windowMs && visitors.size <= VISITORS_PER_TEXT) break;
      visitors.delete(who);
    }
    while (this.texts.size > MEMORY_TEXTS) this.texts.delete(this.texts.keys().next().value!);
    return visitors.size;
  }
}

/**
 * The check (ctx.duplicates). With Redis, one script per write counts atomically, so parallel
 * copies each see a different count and exactly holdAt - 1 visitors are let through; if Redis
 * fails the process counts in memory (its own writes only) rather than refuse or hold everyone.
 */
export function createDuplicateContent(opts: {
  redis?: Redis | undefined;
  settings?: Partial<DuplicateContentSettings> | undefined;
  now?: () => number;
  /** Redis key prefix (tests give their own, so runs do not count each other's texts). */
  prefix?: string;
  onRedisError?: (err: unknown) => void;
}): DuplicateContent {
  const settings = { ...DEFAULT_DUPLICATE_CONTENT_SETTINGS, ...opts.settings };
  const now = opts.now ?? Date.now;
  const prefix = opts.prefix ?? 'wfm-dup:';
  const memory = new MemoryCounts();
  const redis = opts.redis;
  if (redis && !(redis as unknown as Partial<CountCommands>).wfmDuplicateCount) {
    redis.defineCommand('wfmDuplicateCount', { numberOfKeys: 1, lua: COUNT_SCRIPT });
  }
  return {
    settings,
    async check(text, visitor) {
      if (settings.holdAt <= 0) return { held: false, copies: 0 };
      const hash = contentHash(text, settings.minLength);
      if (hash === null) return { held: false, copies: 0 };
      const at = now();
      let copies: number;
      if (redis) {
        try {
          copies = Number(
            await (redis as unknown as CountCommands).wfmDuplicateCount(`${prefix}${hash}`, at, settings.windowMs, visitor, VISITORS_PER_TEXT),
          );
        } catch (err) {
          opts.onRedisError?.(err);
          copies = memory.count(hash, visitor, at, settings.windowMs);
        }
      } else {
        copies = memory.count(hash, visitor, at, settings.windowMs);
      }
      return { held: copies >= settings.holdAt, copies };
    },
  };
}
