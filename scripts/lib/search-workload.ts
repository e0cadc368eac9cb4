import { SEARCH_WORDS } from './feed-seed.ts';

/** A small seeded generator (mulberry32): the same workload on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function shuffle<T>(items: T[], seed: number): T[] {
  const next = random(seed);
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** How a visitor may type a word: lower case, Capitalized, UPPER (the search ignores case, the cache key does not). */
const spellings = (word: string) => [word, word[0]!.toUpperCase() + word.slice(1), word.toUpperCase()];

/**
 * `GET /api/posts?q=` paths, each query different: every one- and two-word query over the seed's
 * common and rare words (in both orders), then the same in other capitalisations, shuffled so
 * common and rare, short and long queries are evenly mixed. About 75,000 before any repeat.
 */
export function searchPaths(): string[] {
  const words = [...SEARCH_WORDS.common, ...SEARCH_WORDS.rare];
  const queries: string[] = [];
  for (let variant = 0; variant < 9; variant++) {
    const [a, b] = [variant % 3, Math.floor(variant / 3)];
    const batch: string[] = [];
    for (const first of words) {
      if (variant < 3) batch.push(spellings(first)[a]!);
      for (const second of words) {
        if (second !== first) batch.push(`${spellings(first)[a]!} ${spellings(second)[b]!}`);
      }
    }
    queries.push(...shuffle(batch, 7 + variant));
  }
  return queries.map((q) => `/api/posts?q=${encodeURIComponent(q)}`);
}

/**
 * Uncached feed pages of one order: every type tab (and none), page sizes 5-50 and offsets
 * 0-200, shuffled; about 37,000 distinct URLs, so the gateway cache misses on each.
 */
export function pagePaths(sort: 'latest' | 'trending'): string[] {
  const paths: string[] = [];
  for (const type of ['', 'Question', 'Idea', 'Tool']) {
    for (let limit = 5; limit <= 50; limit++) {
      for (let offset = 0; offset <= 200; offset++) {
        paths.push(`/api/posts?sort=${sort}${type ? `&type=${type}` : ''}&limit=${limit}&offset=${offset}`);
      }
    }
  }
  return shuffle(paths, sort === 'latest' ? 11 : 13);
}
