import { Button, buttonClasses, ThemeToggle } from '@wfm/ui';
import { Lightbulb, SquarePen, UsersRound } from '@wfm/ui/icons';
import { Link } from '../../lib/router.tsx';
import { SITE_NAME, TAGLINE } from '../../config/constants.ts';
import { paths } from '../../config/paths.ts';
import { DeviceMenu } from '../../features/identity/components/device-menu.tsx';
import { PostingAs } from '../../features/identity/components/posting-as.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';

export function Header({ onSuggest }: { onSuggest: () => void }) {
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-14 w-full max-w-7xl items-center gap-3 px-4">
        <Link
          to={paths.home.getHref()}
          className="flex min-w-0 shrink-0 items-center gap-2 rounded-md focus-ring"
        >
          <span className="grid size-8 place-items-center rounded-lg bg-primary text-primary-foreground">
            <UsersRound className="size-5" aria-hidden="true" />
          </span>
          <span className="flex flex-col leading-tight">
            <span className="font-bold tracking-tight">{SITE_NAME}</span>
            <span className="hidden text-xs text-muted-foreground md:block">{TAGLINE}</span>
          </span>
        </Link>

        <div className="ml-auto flex min-w-0 items-center gap-1.5 sm:gap-2">
          <Link
            to={paths.newPost.getHref()}
            className={buttonClasses({ size: 'sm', className: 'hidden sm:inline-flex' })}
          >
            <SquarePen aria-hidden="true" />
            New Post
          </Link>
          <Button variant="outline" size="sm" className="hidden md:inline-flex" onClick={onSuggest}>
            <Lightbulb aria-hidden="true" />
            Suggest Feature
          </Button>
          <NotificationBell />
          <PostingAs className="ml-1" />
          <DeviceMenu />
          <ThemeToggle />
        </div>
      </div>
    </header>
  );
}
