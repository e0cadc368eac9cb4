import { useParams } from 'react-router-dom';
import { AmaSessionPage } from '../features/ama/components/ama-session-page.tsx';

export default function AmaSessionRoute() {
  const { id } = useParams();
  return <AmaSessionPage rawId={id} />;
}
