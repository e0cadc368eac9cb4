import type { PostSummary } from '@wfm/contracts/forum/posts';
import { Building2, Globe2, MessagesSquare, MonitorCog, type IconComponent } from '@wfm/ui/icons';
import { WFM_FIELDS, wfmLabel, type WfmKey } from '../../../components/wfm-fields.tsx';

const ICONS: Record<WfmKey, IconComponent> = { channel: MessagesSquare, platform: MonitorCog, centre_size: Building2, region: Globe2 };

/** The post's WFM fields (issue 16) as chips; nothing when it has none. */
export function WfmChips({ post }: { post: Pick<PostSummary, WfmKey> }) {
  const given = WFM_FIELDS.filter((field) => post[field.key] !== null);
  if (given.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Contact centre">
      {given.map((field) => {
        const Icon = ICONS[field.key];
        const label = wfmLabel(field.key, post[field.key]!);
        return (
          <li
            key={field.key}
            className="inline-flex max-w-full items-center gap-1 rounded-md border border-border bg-muted/40 px-2 py-0.5 text-xs"
            title={field.label}
          >
            <Icon className="size-3 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span className="sr-only">{field.label}: </span>
            <span className="truncate">{label}</span>
          </li>
        );
      })}
    </ul>
  );
}
