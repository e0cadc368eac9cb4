import { MENTOR_EXPERTISE_SUGGESTIONS, MENTOR_LIMITS, MentorApplicationBody } from '@wfm/contracts/ama/mentors';
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, toast } from '@wfm/ui';
import { useId, useState, type FormEvent } from 'react';
import { errorToast } from '../../../lib/error-toast.ts';
import { useApplyAsMentor } from '../api/mentors.ts';
import { fieldErrors, TextField } from './mentor-form-fields.tsx';

type Draft = {
  name: string;
  years_experience: string;
  bio: string;
  expertise_tags: string;
  timezone: string;
  availability_hours: string;
  contact_info: string;
  linkedin_url: string;
};
type Field = keyof Draft;

const localTimezone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    return '';
  }
};

const splitTags = (text: string) =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

/** "Become a mentor": the application form (spec 3 §5 Mentor schema); staff review it before it is listed. */
export function BecomeMentorDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>({
    name: '',
    years_experience: '',
    bio: '',
    expertise_tags: '',
    timezone: localTimezone(),
    availability_hours: '',
    contact_info: '',
    linkedin_url: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const apply = useApplyAsMentor();
  const set = (field: Field) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));
  const tags = splitTags(draft.expertise_tags);

  const addTag = (tag: string) => {
    if (tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return;
    set('expertise_tags')([...tags, tag].join(', '));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (apply.isPending) return;
    const parsed = MentorApplicationBody.safeParse({
      ...draft,
      years_experience: draft.years_experience.trim() === '' ? undefined : Number(draft.years_experience),
      expertise_tags: tags,
    });
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error));
      return;
    }
    setErrors({});
    apply.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: 'Application sent', description: 'Staff review mentor applications; your status shows here.' });
        onOpenChange(false);
      },
      onError: (error) => toast(errorToast('Application failed', error, 'Please try again later.')),
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !apply.isPending && onOpenChange(next)}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Become a Mentor</DialogTitle>
            <DialogDescription>
              Share your workforce-management experience. Staff review each application; your contact details stay private.
            </DialogDescription>
          </DialogHeader>
          <TextField id={`${id}-name`} label="Name" value={draft.name} onChange={set('name')} error={errors.name} max={MENTOR_LIMITS.name} />
          <TextField
            id={`${id}-years`}
            label="Years of experience"
            value={draft.years_experience}
            onChange={set('years_experience')}
            error={errors.years_experience}
            type="number"
            inputMode="numeric"
          />
          <TextField id={`${id}-bio`} label="Bio" value={draft.bio} onChange={set('bio')} error={errors.bio} max={MENTOR_LIMITS.bio} multiline />
          <div className="grid gap-2">
            <TextField
              id={`${id}-tags`}
              label="Expertise tags"
              value={draft.expertise_tags}
              onChange={set('expertise_tags')}
              error={errors.expertise_tags}
              hint="Separate tags with commas (up to 10), or pick some below."
            />
            <div className="flex flex-wrap gap-1.5" aria-label="Suggested tags" role="group">
              {MENTOR_EXPERTISE_SUGGESTIONS.map((tag) => (
                <Button key={tag} type="button" size="sm" variant="outline" onClick={() => addTag(tag)} disabled={tags.some((t) => t.toLowerCase() === tag.toLowerCase())}>
                  + {tag}
                </Button>
              ))}
            </div>
          </div>
          <TextField id={`${id}-tz`} label="Timezone" value={draft.timezone} onChange={set('timezone')} error={errors.timezone} max={MENTOR_LIMITS.timezone} />
          <TextField
            id={`${id}-hours`}
            label="Availability"
            value={draft.availability_hours}
            onChange={set('availability_hours')}
            error={errors.availability_hours}
            placeholder="e.g. Weekdays 18:00-20:00"
          />
          <TextField
            id={`${id}-contact`}
            label="Contact info (staff only)"
            value={draft.contact_info}
            onChange={set('contact_info')}
            error={errors.contact_info}
          />
          <TextField
            id={`${id}-linkedin`}
            label="LinkedIn URL (optional, staff only)"
            value={draft.linkedin_url}
            onChange={set('linkedin_url')}
            error={errors.linkedin_url}
            inputMode="url"
          />
          <DialogFooter>
            <Button variant="outline" type="button" disabled={apply.isPending} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={apply.isPending}>
              {apply.isPending ? 'Submitting...' : 'Submit Application'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
