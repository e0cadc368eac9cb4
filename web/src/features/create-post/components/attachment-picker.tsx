import { type Attachment } from '@wfm/contracts/forum/posts';
import { UPLOAD_ACCEPT, UPLOAD_LIMITS } from '@wfm/contracts/forum/uploads';
import { Button, toast } from '@wfm/ui';
import { FileText, LoaderCircle, Paperclip, X } from '@wfm/ui/icons';
import { useId, useRef, type ChangeEvent } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { useUploadFiles } from '../api/upload-files.ts';
import { CREATE_POST_TOASTS } from '../messages.ts';

const MB = 1024 * 1024;

/** Why these files cannot be added, or null when they can. */
export function attachmentProblem(files: Pick<File, 'name' | 'size'>[], alreadyAttached: number): string | null {
  if (alreadyAttached + files.length > UPLOAD_LIMITS.files) return `You can attach up to ${UPLOAD_LIMITS.files} files.`;
  const tooBig = files.find((file) => file.size > UPLOAD_LIMITS.fileBytes);
  if (tooBig) return `${tooBig.name} is larger than ${UPLOAD_LIMITS.fileBytes / MB} MB.`;
  return null;
}

function uploadErrorText(error: unknown): string {
  if (isApiError(error)) return error.serverMessage ?? CREATE_POST_TOASTS.uploadFailed.serverFallback;
  return error instanceof Error && error.message ? error.message : CREATE_POST_TOASTS.uploadFailed.fallback;
}

/** Uploads picked files at once and lists the attached ones, each removable. */
export function AttachmentPicker({
  attachments,
  onChange,
  onBusyChange,
}: {
  attachments: Attachment[];
  onChange: (attachments: Attachment[]) => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const upload = useUploadFiles();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length === 0) return;
    const problem = attachmentProblem(files, attachments.length);
    if (problem) {
      toast({ variant: 'destructive', title: CREATE_POST_TOASTS.uploadFailed.title, description: problem });
      return;
    }
    onBusyChange(true);
    upload.mutate(files, {
      onSuccess: ({ files: stored }) => {
        onChange([
          ...attachments,
          ...stored.map(({ url, originalName, mimetype, size, filename }) => ({ url, originalName, mimetype, size, filename })),
        ]);
        toast(CREATE_POST_TOASTS.uploaded(stored.length));
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: CREATE_POST_TOASTS.uploadFailed.title, description: uploadErrorText(error) }),
      onSettled: () => onBusyChange(false),
    });
  };

  return (
    <div className="grid gap-2">
      <span className="text-sm font-medium" id={`${id}-label`}>
        Attachments
      </span>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="outline"
          size="sm"
          onClick={() => input.current?.click()}
          disabled={upload.isPending || attachments.length >= UPLOAD_LIMITS.files}
          aria-describedby={`${id}-hint`}
        >
          {upload.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Paperclip aria-hidden="true" />}
          {upload.isPending ? 'Uploading...' : 'Add files'}
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          accept={UPLOAD_ACCEPT}
          onChange={onPick}
          className="sr-only"
          tabIndex={-1}
          aria-labelledby={`${id}-label`}
          data-testid="attachment-input"
        />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          Images, PDF, DOC, DOCX, TXT or MD — up to 10 MB each, {UPLOAD_LIMITS.files} files max.
        </p>
      </div>
      {attachments.length > 0 && (
        <ul className="grid gap-1.5" aria-labelledby={`${id}-label`}>
          {attachments.map((file) => (
            <li key={file.url} className="flex items-center gap-2 rounded-md border border-border bg-muted/30 px-3 py-1.5 text-sm">
              <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span className="min-w-0 flex-1 truncate">{file.originalName}</span>
              <span className="shrink-0 text-xs text-muted-foreground">{(file.size / 1024).toFixed(1)} KB</span>
              <Button
                variant="ghost"
                size="icon"
                className="size-7"
                aria-label={`Remove ${file.originalName}`}
                onClick={() => onChange(attachments.filter((other) => other.url !== file.url))}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
