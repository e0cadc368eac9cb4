import type { Attachment } from '@wfm/contracts/forum/posts';
import { buttonClasses } from '@wfm/ui';
import { Download, Eye, FileText, ImageIcon } from '@wfm/ui/icons';
import { formatKilobytes, isImage } from '../utils/post-fields.ts';

/** Every attachment with its name, size in KB and type; View for images, Download for all. */
export function PostAttachments({ files }: { files: Attachment[] }) {
  if (files.length === 0) return null;
  return (
    <section aria-labelledby="attachments-heading" className="grid gap-2">
      <h2 id="attachments-heading" className="text-sm font-semibold">
        Attachments
      </h2>
      <ul className="grid gap-2">
        {files.map((file) => {
          const Icon = isImage(file) ? ImageIcon : FileText;
          return (
            <li
              key={file.url}
              className="flex flex-wrap items-center gap-3 rounded-md border border-border bg-muted/30 px-3 py-2"
              data-testid="attachment"
            >
              <Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">{file.originalName}</p>
                <p className="text-xs text-muted-foreground">
                  {formatKilobytes(file.size)} • {file.mimetype}
                </p>
              </div>
              <div className="flex gap-1">
                {isImage(file) && (
                  <a
                    href={file.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={buttonClasses({ variant: 'outline', size: 'sm' })}
                    aria-label={`View ${file.originalName}`}
                  >
                    <Eye aria-hidden="true" />
                    View
                  </a>
                )}
                <a
                  href={file.url}
                  download={file.originalName}
                  className={buttonClasses({ variant: 'outline', size: 'sm' })}
                  aria-label={`Download ${file.originalName}`}
                >
                  <Download aria-hidden="true" />
                  Download
                </a>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
