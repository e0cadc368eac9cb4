import { TAGLINE } from '../config/constants.ts';
import { ComingSoon } from '../components/coming-soon.tsx';

export default function HomePage() {
  return (
    <ComingSoon
      title="Community Feed"
      intro="Questions, ideas and tool recommendations from the community, with search, filters and sorting, will appear here soon."
    >
      <p className="text-muted-foreground">{TAGLINE}</p>
    </ComingSoon>
  );
}
