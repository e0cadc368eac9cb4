import { useParams } from 'react-router-dom';
import { PostDetailPage } from '../features/posts/components/post-detail.tsx';

export default function PostPage() {
  const { id } = useParams();
  return <PostDetailPage rawId={id} />;
}
