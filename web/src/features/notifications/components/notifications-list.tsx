import { Badge, Button, Card, CardContent, Skeleton } from '@wfm/ui';
import { BellOff, MessageSquare, Mic } from '@wfm/ui/icons';
import { useEffect, useState } from 'react';
import { Link } from '../../../lib/router.tsx';
import { paths } from '../../../config/paths.ts';
import { formatRelativeTime } from '../../../lib/relative-time.ts';
import { useVisitorToken } from '../../../lib/visitor-token.ts';
import { useMarkNotificationsSeen, useNotifications } from '../api/notifications.ts';

/**
 * Replies to the visitor: comments on their posts and answers to their AMA questions, newest first.
 * Opening the page marks them read (the bell goes to 0); the ones that were new stay marked "New"
 * while the page is open.
 */
export function NotificationsList() {
  const session = useVisitorToken();
  const list = useNotifications(session.data);
  const { mutate: mutateSeen } = useMarkNotificationsSeen();
  const [fresh, setFresh] = useState<Set<string>>(() => new Set());

  // Remember which ones were new, then mark read; replies arriving while the page is open are marked too.
  const unreadIds = list.items.filter((i) => i.unread).map((i) => i.id);
  const unreadKey = unreadIds.join(',');
  useEffect(() => {
    if (list.isPending || list.isError || unreadKey === '') return;
    setFresh((prev) => new Set([...prev, ...unreadKey.split(',')]));
    mutateSeen();
  }, [unreadKey, list.isPending, list.isError, mutateSeen]);

  if (session.isPending || list.isPending) {
    return (
      <div className="grid gap-3" aria-busy="true" aria-label="Loading replies">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-20 w-full" />
        ))}
      </div>
    );
  }
  if (list.isError) {
    return (
      <Card>
        <CardContent className="grid justify-items-start gap-3 p-6">
          <p className="text-sm text-destructive">Could not load your replies.</p>
          <Button variant="outline" size="sm" onClick={list.refetch}>
            Retry
          </Button>
        </CardContent>
      </Card>
    );
  }
  if (list.items.length === 0) {
    return (
      <Card>
        <CardContent className="grid justify-items-center gap-2 p-8 text-center" data-testid="notifications-empty">
          <BellOff className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">No replies yet</p>
          <p className="text-sm text-muted-foreground">
            When someone comments on your posts or answers your AMA questions, it shows up here.
          </p>
        </CardContent>
      </Card>
    );
  }
  return (
    <ul className="grid gap-3" data-testid="notifications-list">
      {list.items.map((item) => {
        const isNew = fresh.has(item.id) || item.unread;
        const Icon = item.kind === 'comment' ? MessageSquare : Mic;
        return (
          <li key={item.id}>
            <Link
              to={item.href}
              className="block rounded-lg focus-ring"
            >
              <Card className={isNew ? 'border-primary/60 bg-primary/5' : undefined}>
                <CardContent className="flex gap-3 p-4">
                  <Icon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
                  <div className="grid min-w-0 flex-1 gap-1">
                    <p className="text-sm">
                      <span className="font-medium">{item.author_name}</span>{' '}
                      {item.kind === 'comment' ? 'commented on your post' : 'answered your question in'}{' '}
                      <span className="font-medium break-words">{item.title}</span>
                    </p>
                    <p className="line-clamp-2 text-sm break-words text-muted-foreground">{item.excerpt}</p>
                    <p className="text-xs text-muted-foreground">{formatRelativeTime(item.created_at)}</p>
                  </div>
                  {isNew && (
                    <Badge className="self-start" data-testid="notification-new">
                      New
                    </Badge>
                  )}
                </CardContent>
              </Card>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** Where the recovery phrase lives, from the replies page. */
export function RecoveryPhraseHint() {
  return (
    <p className="text-sm text-muted-foreground">
      Using another device? Bring your username there with your{' '}
      <Link to={paths.recoveryPhrase.getHref()} className="text-primary underline underline-offset-4">
        recovery phrase
      </Link>
      .
    </p>
  );
}
