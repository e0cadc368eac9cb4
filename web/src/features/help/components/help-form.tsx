import { HELP_LIMITS, HELP_PRIORITIES } from '@wfm/contracts/forum/reports';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
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
import { CircleCheck } from '@wfm/ui/icons';
import { useId, useRef, useState, type FormEvent } from 'react';
import { errorToast } from '../../../lib/error-toast.ts';
import { ANONYMOUS } from '@wfm/contracts/shared/common';
import { useDisplayName } from '../../../lib/user-profile.ts';
import { useSubmitHelpRequest } from '../api/submit-help-request.ts';
import { HELP_CATEGORIES, HELP_DESCRIPTION_MAX, HELP_RESPONSE_TIMES, HELP_TOASTS } from '../lib/help-options.ts';
import { validateHelp, type HelpErrors, type HelpForm } from '../lib/validate-help.ts';

const EMPTY: HelpForm = { title: '', category: '', priority: 'Medium', description: '', contact: '' };

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-xs text-destructive">
      {message}
    </p>
  );
}

/** The help request form; after success it shows the ticket reference and can start over. */
export function HelpRequestForm() {
  const id = useId();
  const [form, setForm] = useState<HelpForm>(EMPTY);
  const [errors, setErrors] = useState<HelpErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [reference, setReference] = useState<string | null | undefined>(undefined);
  const sending = useRef(false);
  const { username } = useDisplayName();
  const submit = useSubmitHelpRequest();
  const set = (key: keyof HelpForm) => (value: string) => {
    setForm((current) => {
      const next = { ...current, [key]: value };
      // After a first attempt, messages follow the fields as they are corrected.
      if (submitted) setErrors(validateHelp(next));
      return next;
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (sending.current || submit.isPending) return;
    setSubmitted(true);
    const found = validateHelp(form);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = (['title', 'category', 'priority', 'description', 'contact'] as const).find((k) => found[k]);
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    sending.current = true;
    submit.mutate(
      {
        title: form.title.trim(),
        category: form.category,
        priority: form.priority as (typeof HELP_PRIORITIES)[number],
        reason: form.description.trim(),
        contact_info: form.contact.trim() || undefined,
        reporter_name: username ?? ANONYMOUS,
        isAnonymous: !username,
      },
      {
        onSuccess: ({ ticket_reference }) => {
          toast({ title: HELP_TOASTS.submitted.title, description: HELP_TOASTS.submitted.description });
          setReference(ticket_reference || null);
        },
        onError: (error) => toast(errorToast(HELP_TOASTS.failed.title, error, HELP_TOASTS.failed.fallback)),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  const startOver = () => {
    setForm(EMPTY);
    setErrors({});
    setSubmitted(false);
    setReference(undefined);
    submit.reset();
  };

  if (reference !== undefined) {
    return (
      <Card role="status" className="grid justify-items-center gap-3 px-6 py-10 text-center" data-testid="help-confirmation">
        <CircleCheck className="size-12 text-success" aria-hidden="true" />
        <h2 className="text-xl font-semibold">Request submitted</h2>
        {reference && (
          <p>
            Your ticket reference: <strong className="font-mono text-lg" data-testid="ticket-reference">{reference}</strong>
          </p>
        )}
        <p className="max-w-prose text-sm text-muted-foreground">
          Keep the reference to follow up. Expected response time: {HELP_RESPONSE_TIMES[form.priority as keyof typeof HELP_RESPONSE_TIMES] ?? HELP_RESPONSE_TIMES.Medium}.
        </p>
        <Button onClick={startOver}>Submit Another Request</Button>
      </Card>
    );
  }

  const describe = (key: keyof HelpErrors, extra?: string) =>
    [extra, errors[key] ? `${id}-${key}-error` : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Submit a request</CardTitle>
        <CardDescription>
          Submitting as <strong className="text-foreground">{username ?? ANONYMOUS}</strong>. Fields marked * are required.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <div className="grid content-start gap-1.5">
            <Label htmlFor={`${id}-title`}>Title *</Label>
            <Input
              id={`${id}-title`}
              value={form.title}
              onChange={(e) => set('title')(e.target.value)}
              maxLength={HELP_LIMITS.title + 20}
              placeholder="Brief summary of your issue"
              aria-invalid={!!errors.title || undefined}
              aria-describedby={describe('title')}
            />
            <FieldError id={`${id}-title-error`} message={errors.title} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid content-start gap-1.5">
              <Label htmlFor={`${id}-category`}>Category *</Label>
              <Select value={form.category} onValueChange={set('category')}>
                <SelectTrigger id={`${id}-category`} aria-invalid={!!errors.category || undefined} aria-describedby={describe('category')}>
                  <SelectValue placeholder="Select a category" />
                </SelectTrigger>
                <SelectContent>
                  {HELP_CATEGORIES.map((c) => (
                    <SelectItem key={c.value} value={c.value}>
                      {c.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FieldError id={`${id}-category-error`} message={errors.category} />
            </div>
            <div className="grid content-start gap-1.5">
              <Label htmlFor={`${id}-priority`}>Priority *</Label>
              <Select value={form.priority} onValueChange={set('priority')}>
                <SelectTrigger id={`${id}-priority`} aria-invalid={!!errors.priority || undefined} aria-describedby={describe('priority')}>
                  <SelectValue placeholder="Select a priority" />
                </SelectTrigger>
                <SelectContent>
                  {HELP_PRIORITIES.map((p) => (
                    <SelectItem key={p} value={p}>
                      {p} ({HELP_RESPONSE_TIMES[p]})
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FieldError id={`${id}-priority-error`} message={errors.priority} />
            </div>
          </div>
          <div className="grid content-start gap-1.5">
            <Label htmlFor={`${id}-description`}>Description *</Label>
            <Textarea
              id={`${id}-description`}
              value={form.description}
              onChange={(e) => set('description')(e.target.value)}
              rows={6}
              placeholder="Describe the issue or question in detail"
              aria-invalid={!!errors.description || undefined}
              aria-describedby={describe('description', `${id}-counter`)}
            />
            <div className="flex justify-between gap-3">
              <FieldError id={`${id}-description-error`} message={errors.description} />
              <p id={`${id}-counter`} className="ml-auto text-xs text-muted-foreground tabular-nums" data-testid="description-counter">
                {form.description.length}/{HELP_DESCRIPTION_MAX}
              </p>
            </div>
          </div>
          <div className="grid content-start gap-1.5">
            <Label htmlFor={`${id}-contact`}>Contact information (optional)</Label>
            <Input
              id={`${id}-contact`}
              value={form.contact}
              onChange={(e) => set('contact')(e.target.value)}
              maxLength={HELP_LIMITS.contactInfo}
              placeholder="Email or another way to reach you"
              aria-invalid={!!errors.contact || undefined}
              aria-describedby={describe('contact')}
            />
            <FieldError id={`${id}-contact-error`} message={errors.contact} />
          </div>
          <Button type="submit" disabled={submit.isPending} className="justify-self-start">
            {submit.isPending ? 'Submitting...' : 'Submit Request'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
