import { ComingSoon } from '../components/coming-soon.tsx';

export default function AmaSessionPage() {
  return (
    <ComingSoon
      title="AMA Session"
      intro="Individual AMA sessions with their host, schedule and booking will open here soon."
    />
  );
}
