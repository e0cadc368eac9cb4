import { z } from 'zod';
import { emptyAsUndefined } from '../shared/common.ts';

// Field rules the catalog's entity files share; index.ts exports the public ones.
/** True for an absolute http(s) URL. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export const trimmed = (max: number, required: string, tooLong: string) =>
  z.string(required).trim().min(1, required).max(max, tooLong);

export const idParams = (message: string) =>
  z.object({
    id: z
      .string()
      .regex(/^[1-9][0-9]{0,14}$/, message)
      .transform(Number),
  });

/** Lists answer at most this many rows per call (`limit`), newest/sorted first; `offset` pages on. */
export const CATALOG_PAGE = { default: 100, max: 200, maxOffset: 10_000 } as const;

export const pagingQuery = {
  limit: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(CATALOG_PAGE.max).default(CATALOG_PAGE.default)),
  offset: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(CATALOG_PAGE.maxOffset).default(0)),
};

/** Full-text search text (`q`): empty counts as absent. */
export const SearchText = z.preprocess(emptyAsUndefined, z.string().trim().max(200, 'Search must be 200 characters or less').optional());

/** A category filter; empty and `all` count as absent (the spec's web leaves 'all' out). */
export const categoryFilter = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.enum(values, message).optional());

export const URL_MAX = 2000;
