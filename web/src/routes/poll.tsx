import { useParams } from '../lib/router.tsx';
import { PollDetailPage } from '../features/polls/components/poll-detail.tsx';

export default function PollPage() {
  const { id } = useParams();
  return <PollDetailPage rawId={id} />;
}
