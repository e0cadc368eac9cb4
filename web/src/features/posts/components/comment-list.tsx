import type { Comment } from '@wfm/contracts';
import { Badge } from '@wfm/ui';
import { MarkdownContent } from '../../../components/markdown.tsx';
import { RelativeTime } from './relative-time.tsx';

export function CommentList({ comments }: { comments: Comment[] }) {
  if (comments.length === 0) {
    return <p className="py-4 text-center text-sm text-muted-foreground">No comments yet. Start the discussion!</p>;
  }
  return (
    <ol className="grid gap-3" aria-label="Comments">
      {comments.map((comment) => (
        <li key={comment.id} className="grid gap-2 rounded-lg border border-border bg-muted/20 p-4" data-testid="comment">
          <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            <span className="font-semibold text-foreground">{comment.author_name}</span>
            <Badge variant="secondary">Contributor</Badge>
            <RelativeTime timestamp={comment.created_at} />
          </div>
          <MarkdownContent>{comment.body}</MarkdownContent>
        </li>
      ))}
    </ol>
  );
}
