import { REPORT_REASONS, type ReportReason } from '@wfm/contracts/forum/reports';
import { REPORT_REASON_LABELS } from '@wfm/contracts/forum/labels';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Label,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  toast,
} from '@wfm/ui';
import { useId, useState, type FormEvent } from 'react';
import { errorToast } from '../../../lib/error-toast.ts';
import { useReportPost } from '../api/report-post.ts';
import { POST_TOASTS } from '../messages.ts';

/** Reason selection and submit; closes and clears on success. With `commentId` it reports that one comment. */
export function ReportDialog({
  postId,
  commentId,
  open,
  onOpenChange,
}: {
  postId: number;
  commentId?: number | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [reason, setReason] = useState<ReportReason | ''>('');
  const report = useReportPost();
  const id = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason || report.isPending) return;
    report.mutate(
      commentId === undefined ? { post_id: postId, reason } : { comment_id: commentId, reason },
      {
        onSuccess: () => {
          toast(POST_TOASTS.reported);
          setReason('');
          onOpenChange(false);
        },
        onError: (error) => toast(errorToast(POST_TOASTS.reportFailed.title, error, POST_TOASTS.reportFailed.fallback)),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={onSubmit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{commentId === undefined ? 'Report Post' : 'Report Comment'}</DialogTitle>
            <DialogDescription>Tell the moderators what is wrong with this {commentId === undefined ? 'post' : 'comment'}.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-reason`}>Reason</Label>
            <Select value={reason} onValueChange={(value) => setReason(value as ReportReason)}>
              <SelectTrigger id={`${id}-reason`}>
                <SelectValue placeholder="Select a reason" />
              </SelectTrigger>
              <SelectContent>
                {REPORT_REASONS.map((value) => (
                  <SelectItem key={value} value={value}>
                    {REPORT_REASON_LABELS[value]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={!reason || report.isPending}>
              {report.isPending ? 'Submitting...' : 'Submit Report'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
