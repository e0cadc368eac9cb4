import { TAGLINE } from '../config/constants.ts';
import { HomeFeed } from '../features/posts/components/home-feed.tsx';
import { usePageTitle } from '../hooks/use-page-title.ts';

export default function HomePage() {
  usePageTitle('Community Feed');
  return (
    <section className="grid gap-5">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">Community Feed</h1>
        <p className="text-muted-foreground">{TAGLINE}</p>
      </div>
      <HomeFeed />
    </section>
  );
}
