import { SUGGESTION_LIMITS, type SuggestionPriority } from '@wfm/contracts/forum/suggestions';
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
  toast,
} from '@wfm/ui';
import { CircleCheck } from '@wfm/ui/icons';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { errorToast } from '../../../lib/error-toast.ts';
import { ANONYMOUS } from '@wfm/contracts/shared/common';
import { useDisplayName } from '../../../lib/user-profile.ts';
import { useCreateSuggestion } from '../api/create-suggestion.ts';
import { HEADER_SUGGESTION_TOASTS, SUCCESS_VIEW_MS } from '../messages.ts';
import { PrioritySelect } from './priority-select.tsx';
import { SuggestionFields } from './suggestion-fields.tsx';

type Form = { title: string; description: string; author: string; priority: SuggestionPriority; contact: string };
const EMPTY: Form = { title: '', description: '', author: '', priority: 'Medium', contact: '' };

/**
 * The header's Suggest Feature dialog: title, description, name, priority and an optional contact.
 * On success it shows the reference number, then closes itself after 3 seconds with a clear form.
 */
export function SuggestFeatureDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [form, setForm] = useState<Form>(EMPTY);
  const [reference, setReference] = useState<string | null>(null);
  const { username } = useDisplayName();
  const submit = useCreateSuggestion();
  const id = useId();
  const set = <K extends keyof Form>(key: K) => (value: Form[K]) => setForm((current) => ({ ...current, [key]: value }));

  useEffect(() => {
    if (open) setForm((current) => (current.author ? current : { ...current, author: username ?? '' }));
  }, [open, username]);

  useEffect(() => {
    if (reference === null) return;
    const timer = setTimeout(() => {
      onOpenChange(false);
      setReference(null);
      setForm(EMPTY);
    }, SUCCESS_VIEW_MS);
    return () => clearTimeout(timer);
  }, [reference, onOpenChange]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending) return;
    if (!form.title.trim() || !form.description.trim()) {
      toast({ ...HEADER_SUGGESTION_TOASTS.missing, variant: 'destructive' });
      return;
    }
    submit.mutate(
      {
        title: form.title.trim(),
        description: form.description.trim(),
        author_name: form.author.trim() || ANONYMOUS,
        priority: form.priority,
        contact_method: form.contact.trim() || undefined,
      },
      {
        onSuccess: ({ reference_number }) => {
          toast(HEADER_SUGGESTION_TOASTS.submitted(reference_number));
          setReference(reference_number);
        },
        onError: (error) =>
          toast(errorToast(HEADER_SUGGESTION_TOASTS.failed.title, error, HEADER_SUGGESTION_TOASTS.failed.fallback)),
      },
    );
  };

  const onOpenChangeAndReset = (next: boolean) => {
    if (!next && reference !== null) {
      setReference(null);
      setForm(EMPTY);
    }
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChangeAndReset}>
      <DialogContent className="sm:max-w-lg">
        {reference !== null ? (
          <div className="grid justify-items-center gap-3 py-6 text-center" role="status">
            <CircleCheck className="size-12 text-success" aria-hidden="true" />
            <DialogTitle>Thank you for your suggestion!</DialogTitle>
            <DialogDescription>Your reference number is</DialogDescription>
            <p className="rounded-md bg-muted px-4 py-2 font-mono text-lg font-semibold" data-testid="suggestion-reference">
              {reference}
            </p>
            <p className="text-sm text-muted-foreground">We'll review your suggestion soon!</p>
          </div>
        ) : (
          <form onSubmit={onSubmit} className="grid gap-4" noValidate>
            <DialogHeader>
              <DialogTitle>Suggest a Feature</DialogTitle>
              <DialogDescription>Tell us what would make this community more useful to you.</DialogDescription>
            </DialogHeader>
            <SuggestionFields
              id={id}
              title={form.title}
              description={form.description}
              onTitleChange={set('title')}
              onDescriptionChange={set('description')}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="grid gap-2">
                <Label htmlFor={`${id}-author`}>Your name</Label>
                <Input
                  id={`${id}-author`}
                  value={form.author}
                  onChange={(event) => set('author')(event.target.value)}
                  maxLength={SUGGESTION_LIMITS.authorName}
                  placeholder={ANONYMOUS}
                />
              </div>
              <PrioritySelect id={`${id}-priority`} value={form.priority} onChange={set('priority')} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-contact`}>Contact (optional)</Label>
              <Input
                id={`${id}-contact`}
                value={form.contact}
                onChange={(event) => set('contact')(event.target.value)}
                maxLength={SUGGESTION_LIMITS.contact}
                placeholder="Email or another way to reach you"
              />
            </div>
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChangeAndReset(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={!form.title || !form.description || submit.isPending}>
                {submit.isPending ? 'Submitting...' : 'Submit Suggestion'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
