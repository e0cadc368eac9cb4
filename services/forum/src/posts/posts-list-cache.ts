import type { Sql } from '@wfm/service-kit';
import type { ListRevision } from './posts-list-revision.ts';
import * as posts from './posts-search-repository.ts';

/** How deep each feed list is kept: the pages within it (offset + limit) are answered from it. */
export const LIST_DEPTH = 250;

/**
 * Longest a list is used under one revision. The revision alone keeps lists exact; this bounds what
 * a lost revision bump (Redis failing between a write and its bump) can leave stale.
 */
export const LIST_MAX_AGE_MS = 1_000;

/** Bytes one process keeps for feed lists by default (about 12 lists of 250 posts take 0.4 MiB). */
export const FEED_LIST_CACHE_BYTES = 4 * 1024 * 1024;

interface HeldList extends posts.PageKeys {
  revision: string;
  builtAt: number;
  /** Its estimated heap bytes (listBytes). */
  bytes: number;
}

/**
 * A list's heap bytes, estimated from above: per post an object with a number and a string (its
 * version, counted at two bytes a character) and the array slot; the list's own object and name.
 */
const listBytes = (name: string, list: posts.PageKeys) =>
  160 + name.length * 2 + list.listed.reduce((n, post) => n + 72 + post.version.length * 2, 0);

/**
 * Each feed list's order (latest, trending, upvotes; all posts or one type): the ids and row versions
 * of its first LIST_DEPTH posts and its total, read from PostgreSQL once per list revision instead of
 * once per page. A page is a slice of it; the posts' JSON text comes from posts-summary-cache.ts by
 * row version as before. Without a readable revision, or beyond LIST_DEPTH, it answers null and the
 * caller reads the page from PostgreSQL.
 */
export class FeedListCache {
  private readonly lists = new Map<string, HeldList>();
  private readonly building = new Map<string, Promise<HeldList>>();
  private bytes = 0;
  /** Lists read from PostgreSQL (tests count them). */
  builds = 0;

  /** `maxBytes`: the lists held stay within it (FORUM_FEED_LIST_CACHE_MIB), the least recently built dropped first. */
  constructor(
    private readonly revision: ListRevision,
    private readonly now: () => number = Date.now,
    private readonly maxBytes = FEED_LIST_CACHE_BYTES,
  ) {}

  /** Estimated bytes of the lists held. */
  get size(): number {
    return this.bytes;
  }

  async page(sql: Sql, filters: posts.PostFilters, page: { limit: number; offset: number }): Promise<posts.PageKeys | null> {
    if (page.offset + page.limit > LIST_DEPTH) return null;
    const revision = await this.revision.current();
    if (revision === null) return null;
    const name = `${filters.sort}|${filters.type ?? ''}`;
    const held = this.lists.get(name);
    const list =
      held && held.revision === revision && this.now() - held.builtAt < LIST_MAX_AGE_MS
        ? held
        : await this.build(sql, name, filters, revision);
    return { total: list.total, listed: list.listed.slice(page.offset, page.offset + page.limit) };
  }

  /** Keeps the list as the newest, then drops the oldest lists while over the byte bound. */
  private hold(name: string, list: HeldList): void {
    this.drop(name);
    if (list.bytes > this.maxBytes) return;
    this.lists.set(name, list);
    this.bytes += list.bytes;
    for (const oldest of this.lists.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest);
    }
  }

  private drop(name: string): void {
    const held = this.lists.get(name);
    if (held === undefined) return;
    this.lists.delete(name);
    this.bytes -= held.bytes;
  }

  /** One read per list and revision at a time; the requests that arrive meanwhile wait for it. */
  private build(sql: Sql, name: string, filters: posts.PostFilters, revision: string): Promise<HeldList> {
    const key = `${name}@${revision}`;
    let running = this.building.get(key);
    if (running === undefined) {
      const builtAt = this.now();
      running = posts
        .pageKeysWithTypeTotalQuery(sql, filters, { limit: LIST_DEPTH, offset: 0 })
        .then((rows) => {
          this.builds++;
          const keys = posts.pageKeysOf(rows);
          const list: HeldList = { revision, builtAt, ...keys, bytes: listBytes(name, keys) };
          // A slower read of an older revision does not replace a newer list.
          const held = this.lists.get(name);
          if (held === undefined || held.builtAt <= builtAt) this.hold(name, list);
          return list;
        })
        .finally(() => this.building.delete(key));
      this.building.set(key, running);
    }
    return running;
  }
}
