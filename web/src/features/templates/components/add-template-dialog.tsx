import { TEMPLATE_CATEGORIES, TEMPLATE_FILE_ACCEPT, TEMPLATE_LIMITS } from '@wfm/contracts/catalog/templates';
import {
  Button,
  cn,
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
import { FileSpreadsheet, Link2 } from '@wfm/ui/icons';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FormField } from '../../../components/form-field.tsx';
import { errorToast } from '../../../lib/error-toast.ts';
import { useDisplayName } from '../../../lib/user-profile.ts';
import { useCreateTemplate } from '../api/create-template.ts';
import { TEMPLATE_TOASTS } from '../messages.ts';
import { EMPTY_TEMPLATE_FORM, validateTemplate, type TemplateForm, type UploadMode } from '../utils/template-form.ts';

const MODES: { value: UploadMode; label: string; icon: typeof Link2 }[] = [
  { value: 'url', label: 'URL Link', icon: Link2 },
  { value: 'file', label: 'File Upload', icon: FileSpreadsheet },
];

/** Add Template: the text fields, then a link or a spreadsheet/CSV file (document 2 §2, §5). */
export function AddTemplateDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { displayName } = useDisplayName();
  const [form, setForm] = useState<TemplateForm>(EMPTY_TEMPLATE_FORM);
  const [problem, setProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const create = useCreateTemplate();
  const id = useId();

  useEffect(() => {
    if (open) setForm((current) => (current.submitted_by ? current : { ...current, submitted_by: displayName }));
  }, [open, displayName]);

  const set = <K extends keyof TemplateForm>(field: K, value: TemplateForm[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setProblem(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const result = validateTemplate(form);
    if ('problem' in result) {
      setProblem(`${result.problem.title}: ${result.problem.description}`);
      toast({ variant: 'destructive', ...result.problem });
      return;
    }
    create.mutate(result.template, {
      onSuccess: () => {
        toast(TEMPLATE_TOASTS.created);
        setForm({ ...EMPTY_TEMPLATE_FORM, submitted_by: form.submitted_by });
        if (fileInput.current) fileInput.current.value = '';
        onOpenChange(false);
      },
      onError: (error) => toast(errorToast(TEMPLATE_TOASTS.createFailed.title, error, TEMPLATE_TOASTS.createFailed.fallback)),
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Add Template</DialogTitle>
            <DialogDescription>Share a template as a link or as a spreadsheet or CSV file.</DialogDescription>
          </DialogHeader>
          <FormField id={`${id}-name`} label="Template Name">
            <Input
              id={`${id}-name`}
              value={form.name}
              onChange={(event) => set('name', event.target.value)}
              maxLength={TEMPLATE_LIMITS.name}
            />
          </FormField>
          <FormField id={`${id}-category`} label="Category">
            <Select value={form.category} onValueChange={(value) => set('category', value)}>
              <SelectTrigger id={`${id}-category`}>
                <SelectValue placeholder="Select a category" />
              </SelectTrigger>
              <SelectContent>
                {TEMPLATE_CATEGORIES.map((category) => (
                  <SelectItem key={category} value={category}>
                    {category}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </FormField>
          <FormField id={`${id}-desc`} label="Description" hint={`${form.short_desc.length}/${TEMPLATE_LIMITS.shortDesc} characters`}>
            <Textarea
              id={`${id}-desc`}
              value={form.short_desc}
              onChange={(event) => set('short_desc', event.target.value)}
              maxLength={TEMPLATE_LIMITS.shortDesc}
              rows={3}
              aria-describedby={`${id}-desc-hint`}
            />
          </FormField>
          <FormField id={`${id}-by`} label="Submitted By">
            <Input
              id={`${id}-by`}
              value={form.submitted_by}
              onChange={(event) => set('submitted_by', event.target.value)}
              maxLength={TEMPLATE_LIMITS.submittedBy}
            />
          </FormField>
          <fieldset className="grid gap-2">
            <legend className="mb-1.5 text-sm font-medium">Upload Type</legend>
            <div className="grid grid-cols-2 gap-2">
              {MODES.map(({ value, label, icon: Icon }) => (
                <label
                  key={value}
                  className={cn(
                    'flex cursor-pointer items-center justify-center gap-2 rounded-md border px-3 py-2 text-sm font-medium',
                    'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                    form.mode === value ? 'border-primary bg-primary/10 text-foreground' : 'border-border text-muted-foreground',
                  )}
                >
                  <input
                    type="radio"
                    name={`${id}-mode`}
                    value={value}
                    checked={form.mode === value}
                    onChange={() => set('mode', value)}
                    className="sr-only"
                  />
                  <Icon className="size-4" aria-hidden="true" />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          {form.mode === 'url' ? (
            <FormField id={`${id}-url`} label="Template URL">
              <Input
                id={`${id}-url`}
                type="url"
                inputMode="url"
                value={form.url}
                onChange={(event) => set('url', event.target.value)}
                maxLength={TEMPLATE_LIMITS.url}
                placeholder="https://"
              />
            </FormField>
          ) : (
            <FormField id={`${id}-file`} label="Template File" hint="Excel (.xlsx, .xls) or CSV, up to 10 MB">
              <Input
                id={`${id}-file`}
                ref={fileInput}
                type="file"
                accept={TEMPLATE_FILE_ACCEPT}
                onChange={(event) => set('file', event.target.files?.[0] ?? null)}
                aria-describedby={`${id}-file-hint`}
                className="h-auto py-1.5"
              />
            </FormField>
          )}
          {problem && (
            <p className="text-sm font-medium text-destructive" role="alert" data-testid="template-form-problem">
              {problem}
            </p>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Adding...' : 'Add Template'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
