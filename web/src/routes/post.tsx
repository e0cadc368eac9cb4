import { useParams } from '../lib/router.tsx';
import { PostDetailPage } from '../features/posts/components/post-detail.tsx';

export default function PostPage() {
  const { id } = useParams();
  return <PostDetailPage rawId={id} />;
}
