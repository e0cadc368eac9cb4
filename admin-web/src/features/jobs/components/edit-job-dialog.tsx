import { JOB_CATEGORIES, JOB_LIMITS, JOB_TYPES, type JobCategory, type JobType, type StaffJob } from '@wfm/contracts/jobs';
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
import { errorMessage } from '../../../lib/api-client.ts';
import { useUpdateJob } from '../api/job-mutations.ts';

type Draft = Pick<StaffJob, 'title' | 'company' | 'location' | 'job_type' | 'category' | 'apply_url' | 'description' | 'requirements'> & {
  salary_range: string;
};

const draftOf = (job: StaffJob): Draft => ({
  title: job.title,
  company: job.company,
  location: job.location,
  job_type: job.job_type,
  category: job.category,
  salary_range: job.salary_range ?? '',
  apply_url: job.apply_url,
  description: job.description,
  requirements: job.requirements,
});

/** Spec 3 §2: Update Job is disabled unless title, company and application URL are non-blank. */
export const canUpdate = (d: Pick<Draft, 'title' | 'company' | 'apply_url'>): boolean =>
  d.title.trim() !== '' && d.company.trim() !== '' && d.apply_url.trim() !== '';

function Field({ id, label, children, after }: { id: string; label: string; children: ReactNode; after?: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {after}
    </div>
  );
}

/** The dialog's list, plus the job's own value when the API took one outside it (1-50 characters). */
function ChoiceSelect({ id, value, options, onChange }: { id: string; value: string; options: readonly string[]; onChange: (v: string) => void }) {
  const choices = options.includes(value) ? options : [value, ...options];
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger id={id}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {choices.map((option) => (
          <SelectItem key={option} value={option}>
            {option}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

function EditJobForm({ job, onDone }: { job: StaffJob; onDone: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(job));
  const update = useUpdateJob();
  const id = useId();
  const set = (key: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canUpdate(draft) || update.isPending) return;
    update.mutate(
      { id: job.id, body: { ...draft, job_type: draft.job_type as JobType, category: draft.category as JobCategory, tags: job.tags } },
      {
        onSuccess: (saved) => {
          toast({ title: 'Job updated', description: `“${saved.title}” was saved.` });
          onDone();
        },
        onError: (error) => toast({ variant: 'destructive', title: 'Update failed', description: errorMessage(error, 'Please try again') }),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>Edit Job Posting</DialogTitle>
        <DialogDescription>Changes apply to the listing at once.</DialogDescription>
      </DialogHeader>
      <Field id={`${id}-title`} label="Job title">
        <Input id={`${id}-title`} value={draft.title} maxLength={JOB_LIMITS.title} onChange={(e) => set('title')(e.target.value)} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-company`} label="Company">
          <Input id={`${id}-company`} value={draft.company} maxLength={JOB_LIMITS.company} onChange={(e) => set('company')(e.target.value)} />
        </Field>
        <Field id={`${id}-location`} label="Location">
          <Input id={`${id}-location`} value={draft.location} maxLength={JOB_LIMITS.location} onChange={(e) => set('location')(e.target.value)} />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-type`} label="Job type">
          <ChoiceSelect id={`${id}-type`} value={draft.job_type} options={JOB_TYPES} onChange={set('job_type')} />
        </Field>
        <Field id={`${id}-category`} label="Category">
          <ChoiceSelect id={`${id}-category`} value={draft.category} options={JOB_CATEGORIES} onChange={set('category')} />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-salary`} label="Salary range (optional)">
          <Input id={`${id}-salary`} value={draft.salary_range} maxLength={JOB_LIMITS.salaryRange} onChange={(e) => set('salary_range')(e.target.value)} />
        </Field>
        <Field id={`${id}-url`} label="Application URL">
          <Input id={`${id}-url`} type="url" value={draft.apply_url} maxLength={JOB_LIMITS.applyUrl} onChange={(e) => set('apply_url')(e.target.value)} />
        </Field>
      </div>
      <Field
        id={`${id}-description`}
        label="Description"
        after={
          <p id={`${id}-description-count`} className="text-right text-xs tabular-nums text-muted-foreground">
            {draft.description.length}/{JOB_LIMITS.description} characters
          </p>
        }
      >
        <Textarea
          id={`${id}-description`}
          rows={5}
          value={draft.description}
          maxLength={JOB_LIMITS.description}
          onChange={(e) => set('description')(e.target.value)}
          aria-describedby={`${id}-description-count`}
        />
      </Field>
      <Field
        id={`${id}-requirements`}
        label="Requirements"
        after={
          <p id={`${id}-requirements-count`} className="text-right text-xs tabular-nums text-muted-foreground">
            {draft.requirements.length}/{JOB_LIMITS.requirements} characters
          </p>
        }
      >
        <Textarea
          id={`${id}-requirements`}
          rows={4}
          value={draft.requirements}
          maxLength={JOB_LIMITS.requirements}
          onChange={(e) => set('requirements')(e.target.value)}
          aria-describedby={`${id}-requirements-count`}
        />
      </Field>
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={!canUpdate(draft) || update.isPending}>
          {update.isPending ? 'Updating...' : 'Update Job'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The Edit Job Posting dialog for `job` (closed when null). */
export function EditJobDialog({ job, onClose }: { job: StaffJob | null; onClose: () => void }) {
  return (
    <Dialog open={job !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl">{job && <EditJobForm key={job.id} job={job} onDone={onClose} />}</DialogContent>
    </Dialog>
  );
}
