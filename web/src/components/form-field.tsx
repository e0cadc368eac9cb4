import { Label } from '@wfm/ui';
import type { ReactNode } from 'react';

/**
 * A labelled control with its hint or counter and its error. The control gets `id`, and should
 * set `aria-invalid` and `aria-describedby={describedBy(id, error)}`.
 */
export function FormField({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The ids a control of a FormField is described by. */
export function describedBy(id: string, error: string | undefined, hint = true): string | undefined {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}
