import { PollsScreen } from '../features/polls/components/polls-screen.tsx';
import { usePageTitle } from '../hooks/use-page-title.ts';

export default function PollsPage() {
  usePageTitle('Polls & Benchmarks');
  return <PollsScreen />;
}
