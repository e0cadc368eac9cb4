import { buttonClasses, cn } from '@wfm/ui';
import { Bell } from '@wfm/ui/icons';
import { Link } from '../../../lib/router.tsx';
import { paths } from '../../../config/paths.ts';
import { useVisitorToken } from '../../../lib/visitor-token.ts';
import { useNotifications } from '../api/notifications.ts';

/** The header bell: how many replies came since the visitor last looked; opens /notifications. */
export function NotificationBell({ className }: { className?: string }) {
  const session = useVisitorToken();
  const { unread } = useNotifications(session.data);
  const label = unread === 0 ? 'Replies to me' : `Replies to me: ${unread} new`;
  return (
    <Link
      to={paths.notifications.getHref()}
      aria-label={label}
      title={label}
      data-testid="notification-bell"
      className={buttonClasses({ variant: 'ghost', size: 'icon', className: cn('relative', className) })}
    >
      <Bell aria-hidden="true" />
      {unread > 0 && (
        <span
          aria-hidden="true"
          data-testid="notification-count"
          className="absolute -top-0.5 -right-0.5 grid h-4.5 min-w-4.5 place-items-center rounded-full bg-destructive px-1 text-[10px] leading-none font-semibold text-destructive-foreground"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
