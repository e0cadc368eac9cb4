import { ComingSoon } from '../components/coming-soon.tsx';

export default function HelpPage() {
  return (
    <ComingSoon
      title="Need Help?"
      intro="A support request form that gives you a ticket reference will live here soon."
    />
  );
}
