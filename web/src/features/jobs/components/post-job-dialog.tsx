import { JOB_CATEGORIES, JOB_LIMITS, JOB_TYPES, type JobCategory, type JobType } from '@wfm/contracts/jobs/api';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Input,
  Label,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Textarea,
  toast,
} from '@wfm/ui';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { errorToast } from '../../../lib/error-toast.ts';
import { ANONYMOUS } from '@wfm/contracts/shared/common';
import { useDisplayName } from '../../../lib/user-profile.ts';
import { useCreateJob } from '../api/create-job.ts';
import { JOB_TEXTS, JOB_TOASTS } from '../messages.ts';

interface Draft {
  title: string;
  company: string;
  location: string;
  salary_range: string;
  job_type: JobType;
  category: JobCategory;
  apply_url: string;
  description: string;
  requirements: string;
}

const EMPTY: Draft = {
  title: '',
  company: '',
  location: '',
  salary_range: '',
  job_type: JOB_TYPES[0],
  category: JOB_CATEGORIES[0],
  apply_url: '',
  description: '',
  requirements: '',
};

function Field({ id, label, children, hint }: { id: string; label: string; children: ReactNode; hint?: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint}
    </div>
  );
}

function Counter({ id, length, max }: { id: string; length: number; max: number }) {
  return (
    <p id={id} className="text-right text-xs tabular-nums text-muted-foreground">
      {length}/{max} characters
    </p>
  );
}

/** "Post a New Job" (spec 3 §2): the job goes to review; it is listed once staff approve it. */
export function PostJobDialog({ open, onOpenChange, onPosted }: { open: boolean; onOpenChange: (open: boolean) => void; onPosted: () => void }) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const { username } = useDisplayName();
  const create = useCreateJob();
  const id = useId();
  const set = <K extends keyof Draft>(key: K) => (value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    create.mutate(
      { ...draft, tags: [], submitted_by: username ?? ANONYMOUS },
      {
        onSuccess: () => {
          toast(JOB_TOASTS.posted);
          setDraft(EMPTY);
          onOpenChange(false);
          onPosted();
        },
        onError: (error) => toast(errorToast(JOB_TOASTS.failed.title, error, JOB_TOASTS.failed.fallback)),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{JOB_TEXTS.formTitle}</DialogTitle>
            <DialogDescription>{JOB_TEXTS.reviewNote}</DialogDescription>
          </DialogHeader>
          <Field id={`${id}-title`} label="Job title">
            <Input id={`${id}-title`} required value={draft.title} maxLength={JOB_LIMITS.title} onChange={(e) => set('title')(e.target.value)} placeholder="e.g. Workforce Planner" />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={`${id}-company`} label="Company">
              <Input id={`${id}-company`} required value={draft.company} maxLength={JOB_LIMITS.company} onChange={(e) => set('company')(e.target.value)} />
            </Field>
            <Field id={`${id}-location`} label="Location">
              <Input id={`${id}-location`} required value={draft.location} maxLength={JOB_LIMITS.location} onChange={(e) => set('location')(e.target.value)} placeholder="City, country or Remote" />
            </Field>
          </div>
          <Field
            id={`${id}-salary`}
            label="Salary range (optional)"
            hint={
              <p id={`${id}-salary-hint`} className="text-xs text-muted-foreground">
                {JOB_TEXTS.salaryHint}
              </p>
            }
          >
            <Input
              id={`${id}-salary`}
              value={draft.salary_range}
              maxLength={JOB_LIMITS.salaryRange}
              onChange={(e) => set('salary_range')(e.target.value)}
              placeholder="e.g. $50,000 - $60,000 a year"
              aria-describedby={`${id}-salary-hint`}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={`${id}-type`} label="Job type">
              <Select value={draft.job_type} onValueChange={(v) => set('job_type')(v as JobType)}>
                <SelectTrigger id={`${id}-type`}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {JOB_TYPES.map((type) => (
                    <SelectItem key={type} value={type}>
                      {type}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>
            <Field id={`${id}-category`} label="Category">
              <Select value={draft.category} onValueChange={(v) => set('category')(v as JobCategory)}>
                <SelectTrigger id={`${id}-category`}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {JOB_CATEGORIES.map((category) => (
                    <SelectItem key={category} value={category}>
                      {category}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>
          </div>
          <Field id={`${id}-url`} label="Application URL">
            <Input id={`${id}-url`} type="url" required value={draft.apply_url} maxLength={JOB_LIMITS.applyUrl} onChange={(e) => set('apply_url')(e.target.value)} placeholder="https://" />
          </Field>
          <Field id={`${id}-description`} label="Description" hint={<Counter id={`${id}-description-counter`} length={draft.description.length} max={JOB_LIMITS.description} />}>
            <Textarea
              id={`${id}-description`}
              required
              rows={5}
              value={draft.description}
              maxLength={JOB_LIMITS.description}
              onChange={(e) => set('description')(e.target.value)}
              aria-describedby={`${id}-description-counter`}
            />
          </Field>
          <Field id={`${id}-requirements`} label="Requirements" hint={<Counter id={`${id}-requirements-counter`} length={draft.requirements.length} max={JOB_LIMITS.requirements} />}>
            <Textarea
              id={`${id}-requirements`}
              required
              rows={4}
              value={draft.requirements}
              maxLength={JOB_LIMITS.requirements}
              onChange={(e) => set('requirements')(e.target.value)}
              aria-describedby={`${id}-requirements-counter`}
            />
          </Field>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? JOB_TEXTS.submitting : JOB_TEXTS.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
