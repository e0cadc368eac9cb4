import type { SimilarPost } from '@wfm/contracts/forum/posts';
import { BadgeCheck, ExternalLink, Loader2, MessageSquare } from '@wfm/ui/icons';
import { paths } from '../../../config/paths.ts';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { SIMILAR_MIN_TITLE, useSimilarPosts } from '../api/get-similar-posts.ts';

/** Wait for typing to pause before asking the server. */
export const SIMILAR_DEBOUNCE_MS = 400;

function SimilarItem({ post }: { post: SimilarPost }) {
  const answered = post.type === 'Question' && post.accepted_comment_id !== null;
  return (
    <li>
      {/* A new tab, so the draft on this page stays as typed. */}
      <a
        href={paths.post.getHref(post.id)}
        target="_blank"
        rel="noopener"
        className="group flex items-start gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-accent focus-ring"
      >
        <span className="min-w-0 flex-1">
          <span className="font-medium break-words group-hover:text-primary">{post.title}</span>
          <span className="mt-0.5 flex flex-wrap items-center gap-x-3 text-xs text-muted-foreground">
            <span>{post.type}</span>
            <span className="inline-flex items-center gap-1">
              <MessageSquare className="size-3" aria-hidden="true" />
              {post.comment_count} {post.comment_count === 1 ? 'comment' : 'comments'}
            </span>
            {answered && (
              <span className="inline-flex items-center gap-1 text-emerald-700 dark:text-emerald-300">
                <BadgeCheck className="size-3" aria-hidden="true" />
                Answered
              </span>
            )}
          </span>
        </span>
        <ExternalLink className="mt-0.5 size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </li>
  );
}

/**
 * Issue 16: while a title is typed, up to five existing posts with similar titles, so an answer
 * can be found before asking again. Quiet while nothing matches; never blocks posting.
 */
export function SimilarQuestions({ title, id }: { title: string; id: string }) {
  const debounced = useDebouncedValue(title, SIMILAR_DEBOUNCE_MS);
  const similar = useSimilarPosts(debounced);
  const posts = debounced.trim().length >= SIMILAR_MIN_TITLE ? (similar.data ?? []) : [];
  const searching = similar.isFetching && posts.length === 0;

  return (
    <section id={id} aria-label="Similar questions" aria-live="polite" className="grid gap-1">
      {searching && (
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <Loader2 className="size-3 animate-spin" aria-hidden="true" />
          Looking for similar questions…
        </p>
      )}
      {posts.length > 0 && (
        <div className="grid gap-1 rounded-lg border border-sky-500/30 bg-sky-500/5 p-2">
          <h2 className="px-2 pt-1 text-sm font-semibold">Similar questions already asked</h2>
          <ul className="grid">
            {posts.map((post) => (
              <SimilarItem key={post.id} post={post} />
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
