import type { ServiceContext } from '@wfm/service-kit';
import type { ListRevision } from './posts/posts-list-revision.ts';

/**
 * The forum's context: the kit's, plus the feed lists' revision, built once in the definition's
 * `context` (app.ts) from the service's Redis.
 */
export interface ForumContext extends ServiceContext {
  /** The shared revision of the feed lists (posts-list-revision.ts); null without Redis (lists are read from PostgreSQL). */
  readonly listRevision: ListRevision | null;
}
