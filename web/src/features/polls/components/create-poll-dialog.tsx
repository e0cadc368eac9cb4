import { POLL_CATEGORIES, POLL_LIMITS, PROFILE_QUESTIONS, type PollCategory, type ProfileQuestion } from '@wfm/contracts/catalog/polls';
import { POLL_CATEGORY_LABELS, PROFILE_QUESTION_LABELS } from '@wfm/contracts/catalog/labels';
import {
  Button,
  Checkbox,
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
import { Plus, X } from '@wfm/ui/icons';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate } from '../../../lib/router.tsx';
import { describedBy, FormField } from '../../../components/form-field.tsx';
import { paths } from '../../../config/paths.ts';
import { errorToast } from '../../../lib/error-toast.ts';
import { useDisplayName } from '../../../lib/user-profile.ts';
import { useCreatePoll } from '../api/create-poll.ts';
import { POLL_TOASTS } from '../messages.ts';
import {
  addOption,
  canAddOption,
  canRemoveOption,
  EMPTY_POLL_FORM,
  removeOption,
  validatePoll,
  type PollForm,
  type PollFormErrors,
} from '../utils/poll-form.ts';

/** Create Poll: title, description, category, 2-6 options (blank ones dropped), optional close date and profile questions. */
export function CreatePollDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { displayName } = useDisplayName();
  const [form, setForm] = useState<PollForm>(EMPTY_POLL_FORM);
  const [errors, setErrors] = useState<PollFormErrors>({});
  const create = useCreatePoll();
  const navigate = useNavigate();
  const id = useId();

  useEffect(() => {
    if (open) setForm((current) => (current.created_by ? current : { ...current, created_by: displayName }));
  }, [open, displayName]);

  const update = (patch: Partial<PollForm>, field?: keyof PollFormErrors) => {
    setForm((current) => ({ ...current, ...patch }));
    if (field) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const setOption = (index: number, value: string) =>
    update({ options: form.options.map((option, i) => (i === index ? value : option)) }, 'options');

  const toggleQuestion = (question: ProfileQuestion, on: boolean) =>
    update({
      profile_questions: on
        ? PROFILE_QUESTIONS.filter((q) => q === question || form.profile_questions.includes(q))
        : form.profile_questions.filter((q) => q !== question),
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const result = validatePoll(form);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    create.mutate(result.body, {
      onSuccess: (poll) => {
        toast(POLL_TOASTS.created);
        setForm({ ...EMPTY_POLL_FORM, created_by: form.created_by });
        setErrors({});
        onOpenChange(false);
        navigate(paths.poll.getHref(poll.id));
      },
      onError: (error) => toast(errorToast(POLL_TOASTS.createFailed.title, error, POLL_TOASTS.createFailed.fallback)),
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Create Poll</DialogTitle>
            <DialogDescription>Ask the community a question; everyone can vote once.</DialogDescription>
          </DialogHeader>
          <FormField id={`${id}-title`} label="Question" error={errors.title} hint={`${form.title.length}/${POLL_LIMITS.title} characters`}>
            <Input
              id={`${id}-title`}
              value={form.title}
              onChange={(event) => update({ title: event.target.value }, 'title')}
              maxLength={POLL_LIMITS.title}
              aria-invalid={Boolean(errors.title) || undefined}
              aria-describedby={describedBy(`${id}-title`, errors.title)}
              placeholder="e.g. Which forecasting method do you use most?"
            />
          </FormField>
          <FormField
            id={`${id}-desc`}
            label="Description"
            error={errors.description}
            hint={`${form.description.length}/${POLL_LIMITS.description} characters`}
          >
            <Textarea
              id={`${id}-desc`}
              value={form.description}
              onChange={(event) => update({ description: event.target.value }, 'description')}
              maxLength={POLL_LIMITS.description}
              rows={3}
              aria-invalid={Boolean(errors.description) || undefined}
              aria-describedby={describedBy(`${id}-desc`, errors.description)}
            />
          </FormField>
          <FormField id={`${id}-category`} label="Category" error={errors.category}>
            <Select value={form.category} onValueChange={(value) => update({ category: value as PollCategory }, 'category')}>
              <SelectTrigger id={`${id}-category`} aria-invalid={Boolean(errors.category) || undefined}>
                <SelectValue placeholder="Select a category" />
              </SelectTrigger>
              <SelectContent>
                {POLL_CATEGORIES.map((category) => (
                  <SelectItem key={category} value={category}>
                    {POLL_CATEGORY_LABELS[category]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </FormField>
          <fieldset className="grid gap-2" aria-describedby={errors.options ? `${id}-options-error` : undefined}>
            <legend className="mb-1.5 text-sm font-medium">Options</legend>
            {form.options.map((option, index) => (
              <div key={index} className="flex gap-2">
                <Input
                  value={option}
                  onChange={(event) => setOption(index, event.target.value)}
                  maxLength={POLL_LIMITS.optionText}
                  aria-label={`Option ${index + 1}`}
                  placeholder={`Option ${index + 1}`}
                />
                {canRemoveOption(form.options) && (
                  <Button
                    variant="ghost"
                    size="icon"
                    onClick={() => update({ options: removeOption(form.options, index) }, 'options')}
                    aria-label={`Remove option ${index + 1}`}
                  >
                    <X aria-hidden="true" />
                  </Button>
                )}
              </div>
            ))}
            {canAddOption(form.options) && (
              <Button
                variant="outline"
                size="sm"
                className="justify-self-start"
                onClick={() => update({ options: addOption(form.options) })}
              >
                <Plus aria-hidden="true" />
                Add Option
              </Button>
            )}
            {errors.options && (
              <p id={`${id}-options-error`} className="text-xs font-medium text-destructive" role="alert">
                {errors.options}
              </p>
            )}
          </fieldset>
          <FormField id={`${id}-closes`} label="Closes (optional)" error={errors.closes} hint="Leave empty to keep the poll open.">
            <Input
              id={`${id}-closes`}
              type="datetime-local"
              value={form.closes}
              onChange={(event) => update({ closes: event.target.value }, 'closes')}
              aria-invalid={Boolean(errors.closes) || undefined}
              aria-describedby={describedBy(`${id}-closes`, errors.closes)}
            />
          </FormField>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Benchmark questions (optional)</legend>
            <p className="text-xs text-muted-foreground">
              Voters may say where they work, so results can be compared by group. Groups under 5 answers are never shown.
            </p>
            <div className="flex flex-wrap gap-x-4 gap-y-2">
              {PROFILE_QUESTIONS.map((question) => (
                <div key={question} className="flex items-center gap-2">
                  <Checkbox
                    id={`${id}-q-${question}`}
                    checked={form.profile_questions.includes(question)}
                    onCheckedChange={(checked) => toggleQuestion(question, checked === true)}
                  />
                  <Label htmlFor={`${id}-q-${question}`} className="font-normal">
                    {PROFILE_QUESTION_LABELS[question]}
                  </Label>
                </div>
              ))}
            </div>
          </fieldset>
          <FormField id={`${id}-by`} label="Created By" error={errors.created_by}>
            <Input
              id={`${id}-by`}
              value={form.created_by}
              onChange={(event) => update({ created_by: event.target.value }, 'created_by')}
              maxLength={POLL_LIMITS.createdBy}
              aria-invalid={Boolean(errors.created_by) || undefined}
              aria-describedby={describedBy(`${id}-by`, errors.created_by, false)}
            />
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create Poll'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
