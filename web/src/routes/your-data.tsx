import { YourDataPanel } from '../features/your-data/components/your-data-panel.tsx';
import { usePageTitle } from '../hooks/use-page-title.ts';

export default function YourDataPage() {
  usePageTitle('Your data');
  return (
    <section className="mx-auto grid w-full max-w-3xl gap-4">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">Your data</h1>
        <p className="text-sm text-muted-foreground">
          Download everything tied to this browser as one file, or delete everything you wrote on the site.
        </p>
      </header>
      <YourDataPanel />
    </section>
  );
}
