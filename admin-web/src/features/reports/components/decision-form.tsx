import type { AdminReport, AdminReportDecisionBody } from '@wfm/contracts/forum';
import { Button, Checkbox, Input, Label, toast } from '@wfm/ui';
import { useId, useState, type FormEvent } from 'react';
import { useDecideReport } from '../api/decide-report.ts';
import { errorMessage } from '../../../lib/api-client.ts';

type Status = AdminReportDecisionBody['status'];
type Action = 'none' | 'hide' | 'delete';

const STATUSES: Status[] = ['Action taken', 'Reviewed', 'Dismissed'];
const ACTIONS: { value: Action; label: string }[] = [
  { value: 'none', label: 'Leave the content as it is' },
  { value: 'hide', label: 'Hide it (its author still sees it)' },
  { value: 'delete', label: 'Delete it' },
];
const DURATIONS: { label: string; days: number | null }[] = [
  { label: '1 day', days: 1 },
  { label: '7 days', days: 7 },
  { label: '30 days', days: 30 },
  { label: 'For good', days: null },
];

const selectClasses = 'h-9 w-full rounded-md border bg-background px-2 text-sm';

/**
 * The full decision on a post or comment report, one step on the server: status, what happens to
 * the content, and optionally a suspension of its author (reason, length, hide all they wrote).
 */
export function DecisionForm({ report, onDone }: { report: AdminReport; onDone?: () => void }) {
  const id = useId();
  const decide = useDecideReport();
  const [status, setStatus] = useState<Status>('Action taken');
  const [action, setAction] = useState<Action>('none');
  const [suspend, setSuspend] = useState(false);
  const [reason, setReason] = useState('');
  const [duration, setDuration] = useState(1);
  const [hideContent, setHideContent] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (suspend && !reason.trim()) {
      toast({ variant: 'destructive', title: 'Failed to update report', description: 'Give the reason the suspended visitor will read' });
      return;
    }
    const body: AdminReportDecisionBody = {
      status,
      action,
      suspend_author: suspend,
      ...(suspend ? { suspension: { reason: reason.trim(), duration_days: DURATIONS[duration]!.days, hide_content: hideContent } } : {}),
    };
    decide.mutate(
      { id: report.id, ...body },
      {
        onSuccess: (answer) => {
          const done = [
            answer.content_deleted && 'content deleted',
            answer.content_hidden && 'content hidden',
            answer.author_suspended && 'author suspended',
          ].filter(Boolean);
          toast({ title: 'Report decided', description: `${report.ticket_reference} is now ${status}${done.length ? `; ${done.join(', ')}` : ''}.` });
          onDone?.();
        },
        onError: (error) => toast({ variant: 'destructive', title: 'Failed to update report', description: errorMessage(error, 'Please try again') }),
      },
    );
  }

  return (
    <form className="grid gap-3 rounded-md border p-3 text-sm sm:grid-cols-2" onSubmit={submit} aria-label={`Decide ${report.ticket_reference}`}>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-status`}>Decision</Label>
        <select id={`${id}-status`} className={selectClasses} value={status} onChange={(e) => setStatus(e.target.value as Status)}>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-action`}>The reported {report.kind}</Label>
        <select id={`${id}-action`} className={selectClasses} value={action} onChange={(e) => setAction(e.target.value as Action)}>
          {ACTIONS.map((a) => (
            <option key={a.value} value={a.value}>
              {a.label}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-center gap-2 sm:col-span-2">
        <Checkbox id={`${id}-suspend`} checked={suspend} onCheckedChange={(checked) => setSuspend(checked === true)} />
        <Label htmlFor={`${id}-suspend`}>Suspend its author</Label>
      </div>
      {suspend && (
        <fieldset className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
          <legend className="sr-only">Suspension</legend>
          <div className="grid gap-1 sm:col-span-2">
            <Label htmlFor={`${id}-reason`}>Reason shown to the visitor</Label>
            <Input id={`${id}-reason`} value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-duration`}>For</Label>
            <select id={`${id}-duration`} className={selectClasses} value={duration} onChange={(e) => setDuration(Number(e.target.value))}>
              {DURATIONS.map((d, i) => (
                <option key={d.label} value={i}>
                  {d.label}
                </option>
              ))}
            </select>
          </div>
          <div className="flex items-center gap-2 self-end pb-2">
            <Checkbox id={`${id}-hide-all`} checked={hideContent} onCheckedChange={(checked) => setHideContent(checked === true)} />
            <Label htmlFor={`${id}-hide-all`}>Also hide everything they wrote in the forum</Label>
          </div>
        </fieldset>
      )}
      <div className="sm:col-span-2">
        <Button type="submit" size="sm" disabled={decide.isPending}>
          {decide.isPending ? 'Saving...' : 'Decide'}
        </Button>
      </div>
    </form>
  );
}
