import type { PostSummary } from '@wfm/contracts/forum/posts';
import { buttonClasses } from '@wfm/ui';
import { FileText, ImageIcon, MessageSquare } from '@wfm/ui/icons';
import { useId } from 'react';
import { Link } from '../../../lib/router.tsx';
import { paths } from '../../../config/paths.ts';
import { stripMarkdown } from '../../../lib/strip-markdown.ts';
import { isImage, postTags, toolLinks, uploadedAttachments } from '../utils/post-fields.ts';
import { PostStatusBadges, PostTypeBadge } from './post-badges.tsx';
import { RelativeTime } from './relative-time.tsx';
import { ShareButton } from './share-button.tsx';
import { ToolLink } from './tool-link.tsx';
import { UpvoteButton } from './upvote-button.tsx';
import { WfmChips } from './wfm-chips.tsx';

/** A card shows at most this many attachments, then '+N more'. */
export const CARD_ATTACHMENTS = 3;

function CardAttachments({ post }: { post: PostSummary }) {
  const files = uploadedAttachments(post);
  if (files.length === 0) return null;
  const more = files.length - CARD_ATTACHMENTS;
  return (
    <ul className="flex flex-wrap items-center gap-2" aria-label="Attachments">
      {files.slice(0, CARD_ATTACHMENTS).map((file) => {
        const Icon = isImage(file) ? ImageIcon : FileText;
        return (
          <li key={file.url} className="min-w-0">
            <a
              href={file.url}
              target="_blank"
              rel="noopener noreferrer"
              className="flex max-w-56 items-center gap-1.5 rounded-md border border-border bg-muted/40 px-2 py-1 text-xs hover:bg-accent"
            >
              <Icon className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="truncate">{file.originalName}</span>
            </a>
          </li>
        );
      })}
      {more > 0 && <li className="text-xs text-muted-foreground">+{more} more</li>}
    </ul>
  );
}

function CardToolLinks({ post }: { post: PostSummary }) {
  const links = toolLinks(post);
  if (links.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Tool links">
      {links.map((link) => (
        <li key={link.url} className="min-w-0">
          <ToolLink link={link} className="flex max-w-64 gap-1 text-xs" iconClassName="size-3.5" />
        </li>
      ))}
    </ul>
  );
}

export function PostCard({ post }: { post: PostSummary }) {
  const titleId = useId();
  const tags = postTags(post);
  const preview = stripMarkdown(post.body);
  const href = paths.post.getHref(post.id);

  return (
    <article
      aria-labelledby={titleId}
      data-testid="post-card"
      className="card grid gap-3 p-4 transition-colors hover:border-primary/40 sm:p-5"
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
        <PostTypeBadge type={post.type} />
        <PostStatusBadges post={post} />
        <span className="inline-flex min-w-0 items-center gap-2">
          <RelativeTime timestamp={post.created_at} className="shrink-0" />
          <span aria-hidden="true">•</span>
          <span className="truncate font-medium text-foreground/80">{post.author_name}</span>
        </span>
      </div>

      <h2 id={titleId} className="text-lg font-semibold leading-snug break-words">
        <Link to={href} className="hover:text-primary focus-ring">
          {post.title}
        </Link>
      </h2>

      {preview && <p className="line-clamp-3 text-sm break-words text-muted-foreground">{preview}</p>}

      <WfmChips post={post} />

      <CardAttachments post={post} />
      <CardToolLinks post={post} />

      {tags.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
          {tags.map((tag) => (
            <li key={tag} className="tag">
              #{tag}
            </li>
          ))}
        </ul>
      )}

      <div className="flex items-center gap-1 border-t border-border pt-2 [&>*:first-child]:-ml-2">
        <UpvoteButton postId={post.id} upvotes={post.upvotes} />
        <Link
          to={href}
          className={buttonClasses({ variant: 'ghost', size: 'sm' })}
          aria-label={`${post.comment_count} ${post.comment_count === 1 ? 'comment' : 'comments'}`}
        >
          <MessageSquare aria-hidden="true" />
          <span className="tabular-nums" data-testid="comment-count">
            {post.comment_count}
          </span>
        </Link>
        <ShareButton post={post} />
      </div>
    </article>
  );
}
