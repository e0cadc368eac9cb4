import { ComingSoon } from '../components/coming-soon.tsx';

export default function PollPage() {
  return (
    <ComingSoon
      title="Poll"
      intro="Individual polls with their options and results will open here soon."
    />
  );
}
