import { HIDDEN_BADGES, type AdminPost } from '@wfm/contracts/forum';
import { Badge, Button, buttonClasses, toast } from '@wfm/ui';
import { CheckCircle2, ExternalLink, History } from '@wfm/ui/icons';
import { useState } from 'react';
import { DeleteRowButton, useConfirmedDelete } from '../../../components/confirmed-delete.tsx';
import { EmptyState } from '../../../components/query-state.tsx';
import { ResourceTable } from '../../../components/resource-table.tsx';
import { SectionHeader } from '../../../components/section-header.tsx';
import { sitePaths } from '../../../config/paths.ts';
import { useAdminPosts } from '../../../lib/admin-posts.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useResolvePost } from '../../../lib/resolve-post.ts';
import { SuspendAuthorButton } from '../../../components/suspend-author-button.tsx';
import { useDeletePost } from '../api/delete-post.ts';
import { RevisionsDialog } from './revisions-dialog.tsx';

/** Every post, newest first: open it on the site, resolve it while open, delete it after a confirmation. */
export function PostsTab() {
  const posts = useAdminPosts();
  const resolve = useResolvePost();
  const [history, setHistory] = useState<AdminPost | null>(null);
  const deletion = useConfirmedDelete<AdminPost>({
    remove: useDeletePost(),
    title: 'Delete post?',
    consequence: (post) => (
      <>
        This permanently deletes “<strong className="text-foreground">{post.title}</strong>” with its comments and upvotes.
      </>
    ),
    deleted: (post) => ({ title: 'Post deleted', description: `“${post.title}” was deleted.` }),
    failedTitle: 'Failed to delete post',
  });

  function resolvePost(post: AdminPost) {
    resolve.mutate(post.id, {
      onSuccess: () => toast({ title: 'Post resolved', description: `“${post.title}” is marked resolved.` }),
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Failed to resolve post', description: errorMessage(error, 'Please try again') }),
    });
  }

  return (
    <section className="grid gap-4" aria-labelledby="posts-heading">
      <SectionHeader id="posts-heading" title="Posts" count={posts.total} description="All forum posts, latest first." />
      <ResourceTable
        query={posts}
        rows={posts.data ? posts.posts : undefined}
        loadingLabel="Loading posts"
        errorTitle="Failed to load posts"
        empty={<EmptyState title="No posts yet">Posts from the community will appear here.</EmptyState>}
        paging={{
          hasNextPage: posts.hasNextPage,
          isFetchingNextPage: posts.isFetchingNextPage,
          fetchNextPage: posts.fetchNextPage,
          loaded: posts.posts.length,
          total: posts.total,
        }}
        rowKey={(post) => post.id}
        columns={[
          {
            id: 'title',
            header: 'Title',
            cellClassName: 'max-w-80 font-medium',
            cell: (post) => (
              <>
                <span className="line-clamp-2 break-words">{post.title}</span>
                {post.hidden_reason && (
                  <Badge variant="destructive" className="mt-1" title="Hidden from everyone but its author and staff">
                    {HIDDEN_BADGES[post.hidden_reason]}
                  </Badge>
                )}
                <span className="block text-xs font-normal text-muted-foreground lg:hidden">
                  <span className="sm:hidden">{post.status === 'resolved' ? 'Resolved' : 'Open'} · </span>
                  <span className="md:hidden">{post.author_name} · </span>
                  {formatDateTime(post.created_at)}
                </span>
              </>
            ),
          },
          {
            id: 'type',
            header: 'Type',
            className: 'hidden sm:table-cell',
            cell: (post) => <Badge variant="outline">{post.type}</Badge>,
          },
          {
            id: 'status',
            header: 'Status',
            className: 'hidden sm:table-cell',
            cell: (post) => (
              <Badge variant={post.status === 'resolved' ? 'success' : 'secondary'}>
                {post.status === 'resolved' ? 'Resolved' : 'Open'}
              </Badge>
            ),
          },
          {
            id: 'author',
            header: 'Author',
            className: 'hidden md:table-cell',
            cellClassName: 'whitespace-nowrap',
            cell: (post) => post.author_name,
          },
          {
            id: 'created',
            header: 'Created',
            className: 'hidden lg:table-cell',
            cellClassName: 'whitespace-nowrap text-muted-foreground',
            cell: (post) => formatDateTime(post.created_at),
          },
          {
            id: 'upvotes',
            header: 'Upvotes',
            className: 'hidden text-right md:table-cell',
            cellClassName: 'tabular-nums',
            cell: (post) => post.upvotes,
          },
          {
            id: 'comments',
            header: 'Comments',
            className: 'hidden text-right md:table-cell',
            cellClassName: 'tabular-nums',
            cell: (post) => post.comment_count,
          },
          {
            id: 'actions',
            header: 'Actions',
            headClassName: 'text-right',
            cell: (post) => (
              <div className="flex justify-end gap-1">
                <a
                  href={sitePaths.post(post.id)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonClasses({ variant: 'ghost', size: 'sm' })}
                  aria-label={`View “${post.title}”`}
                >
                  <ExternalLink aria-hidden="true" />
                  <span className="hidden lg:inline">View</span>
                </a>
                <SuspendAuthorButton content={{ kind: 'post', id: post.id }} title={post.title} />
                {post.status === 'open' && (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Resolve “${post.title}”`}
                    disabled={resolve.isPending && resolve.variables === post.id}
                    onClick={() => resolvePost(post)}
                  >
                    <CheckCircle2 aria-hidden="true" />
                    <span className="hidden lg:inline">Resolve</span>
                  </Button>
                )}
                <Button variant="ghost" size="sm" aria-label={`Edit history of “${post.title}”`} onClick={() => setHistory(post)}>
                  <History aria-hidden="true" />
                  <span className="hidden lg:inline">History</span>
                </Button>
                <DeleteRowButton label={`Delete “${post.title}”`} onClick={() => deletion.ask(post)} />
              </div>
            ),
          },
        ]}
      />
      {deletion.dialog}
      <RevisionsDialog post={history} onClose={() => setHistory(null)} />
    </section>
  );
}
