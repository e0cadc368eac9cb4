import { Input, Label } from '@wfm/ui';
import { useTypedBeforeHydration } from '../../../hooks/use-typed-before-hydration.ts';

/** A labelled number input; the text is kept as typed and parsed by the calculator on submit. */
export function NumberField({
  id,
  label,
  value,
  onChange,
  hint,
  placeholder,
  step = 'any',
  invalid,
  errorId,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  placeholder?: string;
  step?: string;
  invalid?: boolean;
  errorId?: string;
}) {
  const field = useTypedBeforeHydration<HTMLInputElement>(value, onChange);
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [hintId, invalid ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        ref={field}
        type="number"
        inputMode="decimal"
        step={step}
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
      />
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}
