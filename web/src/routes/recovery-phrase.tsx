import { RecoveryPhrasePanel } from '../features/identity/components/recovery-phrase-panel.tsx';
import { usePageTitle } from '../hooks/use-page-title.ts';

export default function RecoveryPhrasePage() {
  usePageTitle('Recovery phrase');
  return (
    <section className="mx-auto grid w-full max-w-3xl gap-4">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">Recovery phrase</h1>
        <p className="text-sm text-muted-foreground">
          Your username lives in this browser. A recovery phrase of 12 words brings it, with your posts and votes,
          to another device.
        </p>
      </header>
      <RecoveryPhrasePanel />
    </section>
  );
}
