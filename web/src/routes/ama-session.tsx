import { useParams } from '../lib/router.tsx';
import { AmaSessionPage } from '../features/ama/components/ama-session-page.tsx';

export default function AmaSessionRoute() {
  const { id } = useParams();
  return <AmaSessionPage rawId={id} />;
}
