import { ComingSoon } from '../components/coming-soon.tsx';

export default function JobsPage() {
  return (
    <ComingSoon
      title="Job & Role Spotlight"
      intro="Job postings from the community, and posting your own, will live here soon."
    />
  );
}
