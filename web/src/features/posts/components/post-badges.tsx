import type { PostSummary, PostType } from '@wfm/contracts/forum/posts';
import { Badge, cn } from '@wfm/ui';
import { BadgeCheck, CircleCheck, CircleHelp, Lightbulb, Wrench, type IconComponent } from '@wfm/ui/icons';
import { needsAnswer } from '../utils/post-fields.ts';

const TYPE_STYLES: Record<PostType, { icon: IconComponent; className: string }> = {
  Question: { icon: CircleHelp, className: 'bg-sky-500/15 text-sky-700 dark:text-sky-300' },
  Idea: { icon: Lightbulb, className: 'bg-amber-500/15 text-amber-800 dark:text-amber-300' },
  Tool: { icon: Wrench, className: 'bg-violet-500/15 text-violet-700 dark:text-violet-300' },
};

export function PostTypeBadge({ type }: { type: PostType }) {
  const { icon: Icon, className } = TYPE_STYLES[type];
  return (
    <Badge variant="outline" className={cn('gap-1 border-transparent', className)}>
      <Icon className="size-3" aria-hidden="true" />
      {type}
    </Badge>
  );
}

/**
 * 'Needs Answer' for an open, unanswered Question; 'Answered' once its asker accepted an answer
 * (issue 16); 'Resolved' once staff resolved it.
 */
export function PostStatusBadges({ post }: { post: Pick<PostSummary, 'type' | 'status' | 'comment_count' | 'accepted_comment_id'> }) {
  return (
    <>
      {post.type === 'Question' && post.accepted_comment_id !== null && (
        <Badge variant="outline" className="gap-1 border-emerald-500/40 text-emerald-700 dark:text-emerald-300">
          <BadgeCheck className="size-3" aria-hidden="true" />
          Answered
        </Badge>
      )}
      {needsAnswer(post) && (
        <Badge variant="outline" className="border-orange-500/40 text-orange-700 dark:text-orange-300">
          Needs Answer
        </Badge>
      )}
      {post.status === 'resolved' && (
        <Badge variant="success" className="gap-1">
          <CircleCheck className="size-3" aria-hidden="true" />
          Resolved
        </Badge>
      )}
    </>
  );
}
