import { NotificationsList, RecoveryPhraseHint } from '../features/notifications/components/notifications-list.tsx';
import { usePageTitle } from '../hooks/use-page-title.ts';

export default function NotificationsPage() {
  usePageTitle('Replies to me');
  return (
    <section className="mx-auto grid w-full max-w-3xl gap-4">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">Replies to me</h1>
        <p className="text-sm text-muted-foreground">Comments on your posts and answers to your AMA questions. Only you see this page.</p>
      </header>
      <NotificationsList />
      <RecoveryPhraseHint />
    </section>
  );
}
