import { Input, Label, Textarea } from '@wfm/ui';
import type { z } from 'zod';

/** The first message per field of a failed contract parse. */
export function fieldErrors<T extends string>(error: z.ZodError): Partial<Record<T, string>> {
  const errors: Partial<Record<T, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as T;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** One labelled text field (input or textarea) with its error and an optional character counter. */
export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  max,
  multiline,
  hint,
  ...rest
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  max?: number;
  multiline?: boolean;
  hint?: string;
  type?: string;
  inputMode?: 'numeric' | 'text' | 'url' | 'email';
  placeholder?: string;
}) {
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  const common = { id, value, 'aria-invalid': Boolean(error), 'aria-describedby': described, ...rest };
  return (
    <div className="grid gap-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {max !== undefined && (
          <span className="text-xs text-muted-foreground">
            {value.length}/{max}
          </span>
        )}
      </div>
      {multiline ? (
        <Textarea {...common} rows={3} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <Input {...common} onChange={(e) => onChange(e.target.value)} />
      )}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
