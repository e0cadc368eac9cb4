import type { ToolLink as ToolLinkData } from '@wfm/contracts/forum/posts';
import { ExternalLink } from '@wfm/ui/icons';
import { cn } from '@wfm/ui';
import { ExternalAnchor } from '../../../components/external-anchor.tsx';

/** A recommended tool: icon and name (or URL), opening in a new tab. Sizes differ by place. */
export function ToolLink({ link, className, iconClassName }: { link: ToolLinkData; className: string; iconClassName: string }) {
  return (
    <ExternalAnchor href={link.url} className={cn('items-center font-medium text-primary hover:underline', className)}>
      <ExternalLink className={cn('shrink-0', iconClassName)} aria-hidden="true" />
      <span className="truncate">{link.name || link.url}</span>
    </ExternalAnchor>
  );
}
