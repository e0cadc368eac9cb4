import type { Template } from '@wfm/contracts/catalog/templates';
import { Badge, Button, buttonClasses, Card, cn, toast } from '@wfm/ui';
import { Download, ExternalLink } from '@wfm/ui/icons';
import { ExternalAnchor } from '../../../components/external-anchor.tsx';
import { errorToast } from '../../../lib/error-toast.ts';
import { safeUrl } from '../../../lib/safe-url.ts';
import { useRecordTemplateDownload } from '../api/download-template.ts';
import { TEMPLATE_TOASTS } from '../messages.ts';

/** Fetches a same-origin attachment through a temporary link, so the page itself stays. */
function saveFrom(location: string, fileName: string | null): void {
  const link = document.createElement('a');
  link.href = location;
  if (fileName) link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Name, category, downloads, description, submitter, and View (a link) or Download (a file);
 * disabled when the template has neither. Both count a download.
 */
export function TemplateCard({ template }: { template: Template }) {
  const record = useRecordTemplateDownload();
  const href = template.url ? safeUrl(template.url) : '';

  const track = (onDone?: (location: string) => void) =>
    record.mutate(template.id, {
      onSuccess: (answer) => {
        onDone?.(answer.location);
        toast(TEMPLATE_TOASTS.downloaded(template.name));
      },
      onError: (error) => toast(errorToast(TEMPLATE_TOASTS.downloadFailed.title, error, TEMPLATE_TOASTS.downloadFailed.fallback)),
    });

  const downloads = `${template.downloads} ${template.downloads === 1 ? 'download' : 'downloads'}`;

  return (
    <Card className="flex h-full flex-col gap-3 p-5" data-testid="template-card">
      <div className="flex items-start justify-between gap-2">
        <h3 className="min-w-0 break-words text-base font-semibold leading-tight">{template.name}</h3>
        <Badge variant="secondary" className="shrink-0">
          {template.category}
        </Badge>
      </div>
      <p className="text-xs text-muted-foreground" data-testid="template-downloads">
        {downloads}
      </p>
      <p className="flex-1 break-words text-sm text-muted-foreground">{template.short_desc}</p>
      <p className="text-xs text-muted-foreground">Submitted by {template.submitted_by}</p>
      <div className="flex items-center justify-end gap-3 border-t border-border pt-3">
        {!href && !template.file_path && (
          <p className="text-xs text-muted-foreground" data-testid="template-nothing-to-download">
            No link or file attached
          </p>
        )}
        {href ? (
          // Opened by the click itself (not after the count), so no popup blocker stops it.
          <ExternalAnchor
            href={href}
            onClick={() => track()}
            className={buttonClasses({ variant: 'outline', size: 'sm' })}
            aria-label={`View ${template.name}`}
          >
            <ExternalLink aria-hidden="true" />
            View
          </ExternalAnchor>
        ) : (
          <Button
            variant="outline"
            size="sm"
            disabled={!template.file_path || record.isPending}
            onClick={() => track((location) => saveFrom(location, template.file_name))}
            aria-label={`Download ${template.name}`}
            className={cn(!template.file_path && 'cursor-not-allowed')}
          >
            <Download aria-hidden="true" />
            Download
          </Button>
        )}
      </div>
    </Card>
  );
}
