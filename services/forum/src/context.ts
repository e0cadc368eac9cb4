import type { ServiceContext } from '@wfm/service-kit';
import type { ForumEnv } from './env.ts';
import type { ListRevision } from './posts/posts-list-revision.ts';

/**
 * The forum's context: the kit's, plus the feed lists' revision, built once in the definition's
 * `context` (app.ts) from the service's Redis.
 */
export interface ForumContext extends ServiceContext {
  /** The environment as parsed at boot with forumEnvSchema (the caches' byte bounds). */
  readonly env: ForumEnv;
  /** The shared revision of the feed lists (posts-list-revision.ts); null without Redis (lists are read from PostgreSQL). */
  readonly listRevision: ListRevision | null;
}
