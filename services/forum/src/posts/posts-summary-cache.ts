/** Bytes of JSON text one forum process keeps for post summaries by default (FORUM_SUMMARY_CACHE_MIB; about 10,000 posts of 1.5 KB at two bytes a character). */
export const SUMMARY_JSON_CACHE_BYTES = 32 * 1024 * 1024;

interface Entry {
  version: string;
  json: string;
}

/**
 * The JSON text of post summaries, each under its row's version (PostgreSQL's `xmin`: the
 * transaction that wrote the row as it is now). Every UPDATE of a post writes a new row version, so
 * a version names one content forever: a feed page asks PostgreSQL only for its ids and versions,
 * takes the text of each post whose version it holds, and reads whole rows only for the rest. No
 * replica has to be told of another's writes; a stale entry is simply never asked for again.
 *
 * xmin is a 32-bit transaction id and wraps after about four billion transactions; an entry would
 * have to outlive that many, under the same post id, to be mistaken, and entries are evicted (oldest
 * first) beyond `maxBytes`.
 */
export class SummaryJsonCache {
  private readonly entries = new Map<number, Entry>();
  private bytes = 0;

  /** `maxBytes`: the entries held stay within it (FORUM_SUMMARY_CACHE_MIB), the oldest dropped first. */
  constructor(private readonly maxBytes = SUMMARY_JSON_CACHE_BYTES) {}

  /** The post's JSON text when it is held at exactly this version. */
  get(id: number, version: string): string | undefined {
    const entry = this.entries.get(id);
    return entry !== undefined && entry.version === version ? entry.json : undefined;
  }

  set(id: number, version: string, json: string): void {
    this.drop(id);
    const size = sizeOf(json);
    if (size > this.maxBytes) return;
    this.entries.set(id, { version, json });
    this.bytes += size;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest);
    }
  }

  /** Bytes held (JSON text counted at two bytes a character). */
  get size(): number {
    return this.bytes;
  }

  private drop(id: number): void {
    const entry = this.entries.get(id);
    if (entry === undefined) return;
    this.entries.delete(id);
    this.bytes -= sizeOf(entry.json);
  }
}

const sizeOf = (json: string) => json.length * 2 + 64;
