import { rolesWith } from '@wfm/contracts/admin';
import type { AdminTab } from '../../lib/admin-tab.ts';
import { useAdminPosts } from '../../lib/admin-posts.ts';
import { PostsTab } from './components/posts-tab.tsx';

/** Every post, newest first; the badge is the total, not the loaded pages. */
export const postsTab: AdminTab = {
  id: 'posts',
  label: 'Posts',
  roles: rolesWith('posts'),
  component: PostsTab,
  useCount: function usePostsCount() {
    return useAdminPosts().total;
  },
};
