import { TOOL_CATEGORIES, TOOL_LIMITS } from '@wfm/contracts/catalog/tools';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Input,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Textarea,
  toast,
} from '@wfm/ui';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { describedBy, FormField } from '../../../components/form-field.tsx';
import { errorToast } from '../../../lib/error-toast.ts';
import { useDisplayName } from '../../../lib/user-profile.ts';
import { useSubmitTool } from '../api/submit-tool.ts';
import { TOOL_TOASTS } from '../messages.ts';
import { EMPTY_TOOL_FORM, validateTool, type ToolForm, type ToolFormErrors } from '../utils/tool-form.ts';

/** Submit Tool: name, category, URL, short description and who recommends it; the list refreshes on success. */
export function SubmitToolDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { displayName } = useDisplayName();
  const [form, setForm] = useState<ToolForm>(EMPTY_TOOL_FORM);
  const [errors, setErrors] = useState<ToolFormErrors>({});
  const submit = useSubmitTool();
  const id = useId();

  useEffect(() => {
    if (open) setForm((current) => (current.submitted_by ? current : { ...current, submitted_by: displayName }));
  }, [open, displayName]);

  const set = (field: keyof ToolForm) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending) return;
    const result = validateTool(form);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    submit.mutate(result.body, {
      onSuccess: () => {
        toast(TOOL_TOASTS.submitted);
        setForm({ ...EMPTY_TOOL_FORM, submitted_by: form.submitted_by });
        setErrors({});
        onOpenChange(false);
      },
      onError: (error) => toast(errorToast(TOOL_TOASTS.submitFailed.title, error, TOOL_TOASTS.submitFailed.fallback)),
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Submit Tool</DialogTitle>
            <DialogDescription>Recommend a tool to the workforce-management community.</DialogDescription>
          </DialogHeader>
          <FormField id={`${id}-name`} label="Tool Name" error={errors.name}>
            <Input
              id={`${id}-name`}
              value={form.name}
              onChange={(event) => set('name')(event.target.value)}
              maxLength={TOOL_LIMITS.name}
              aria-invalid={Boolean(errors.name) || undefined}
              aria-describedby={describedBy(`${id}-name`, errors.name, false)}
              placeholder="e.g. Forecast Pro"
            />
          </FormField>
          <FormField id={`${id}-category`} label="Category" error={errors.category}>
            <Select value={form.category} onValueChange={set('category')}>
              <SelectTrigger
                id={`${id}-category`}
                aria-invalid={Boolean(errors.category) || undefined}
                aria-describedby={describedBy(`${id}-category`, errors.category, false)}
              >
                <SelectValue placeholder="Select a category" />
              </SelectTrigger>
              <SelectContent>
                {TOOL_CATEGORIES.map((category) => (
                  <SelectItem key={category} value={category}>
                    {category}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </FormField>
          <FormField id={`${id}-url`} label="URL" error={errors.url}>
            <Input
              id={`${id}-url`}
              type="url"
              inputMode="url"
              value={form.url}
              onChange={(event) => set('url')(event.target.value)}
              maxLength={TOOL_LIMITS.url}
              aria-invalid={Boolean(errors.url) || undefined}
              aria-describedby={describedBy(`${id}-url`, errors.url, false)}
              placeholder="https://"
            />
          </FormField>
          <FormField
            id={`${id}-desc`}
            label="Short Description"
            error={errors.short_desc}
            hint={`${form.short_desc.length}/${TOOL_LIMITS.shortDesc} characters`}
          >
            <Textarea
              id={`${id}-desc`}
              value={form.short_desc}
              onChange={(event) => set('short_desc')(event.target.value)}
              maxLength={TOOL_LIMITS.shortDesc}
              rows={3}
              aria-invalid={Boolean(errors.short_desc) || undefined}
              aria-describedby={describedBy(`${id}-desc`, errors.short_desc)}
              placeholder="What does it do, and why do you recommend it?"
            />
          </FormField>
          <FormField id={`${id}-by`} label="Submitted By" error={errors.submitted_by}>
            <Input
              id={`${id}-by`}
              value={form.submitted_by}
              onChange={(event) => set('submitted_by')(event.target.value)}
              maxLength={TOOL_LIMITS.submittedBy}
              aria-invalid={Boolean(errors.submitted_by) || undefined}
              aria-describedby={describedBy(`${id}-by`, errors.submitted_by, false)}
            />
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={submit.isPending}>
              {submit.isPending ? 'Submitting...' : 'Submit Tool'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
