import { AmaListPage } from '../features/ama/components/ama-list-page.tsx';

export default function AmaPage() {
  return <AmaListPage />;
}
