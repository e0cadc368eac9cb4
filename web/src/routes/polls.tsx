import { ComingSoon } from '../components/coming-soon.tsx';

export default function PollsPage() {
  return (
    <ComingSoon
      title="Polls & Benchmarks"
      intro="Community polls, their results and reference benchmarks will live here soon."
    />
  );
}
