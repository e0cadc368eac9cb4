import { ComingSoon } from '../components/coming-soon.tsx';

export default function AmaPage() {
  return (
    <ComingSoon
      title="AMA Sessions"
      intro="Ask-me-anything sessions with workforce-management experts, and booking a seat, will live here soon."
    />
  );
}
