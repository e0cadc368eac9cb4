import { AMA_LIMITS, CreateBookingBody, PAYMENT_METHODS, type PaymentMethod } from '@wfm/contracts/ama/api';
import { Input, Label, Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@wfm/ui';
import { useId } from 'react';
import { PAYMENT_METHOD_LABELS } from '../utils/session-display.ts';

export type ParticipantDraft = {
  participant_name: string;
  participant_email: string;
  participant_phone: string;
  payment_method: PaymentMethod | '';
};

export const EMPTY_PARTICIPANT: ParticipantDraft = {
  participant_name: '',
  participant_email: '',
  participant_phone: '',
  payment_method: '',
};

export type ParticipantErrors = Partial<Record<keyof ParticipantDraft, string>>;

/** The draft checked with the contract's booking schema: the body, or the first message per field. */
export function validateParticipant(
  draft: ParticipantDraft,
): { ok: true; body: CreateBookingBody } | { ok: false; errors: ParticipantErrors } {
  const parsed = CreateBookingBody.safeParse({ ...draft, payment_method: draft.payment_method || undefined });
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: ParticipantErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof ParticipantDraft;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-destructive">
      {message}
    </p>
  );
}

/** Full name, email, phone and payment method: the booking form (§2), also used to join a waitlist. */
export function ParticipantFields({
  draft,
  errors,
  onChange,
  hint,
}: {
  draft: ParticipantDraft;
  errors: ParticipantErrors;
  onChange: (draft: ParticipantDraft) => void;
  hint?: string;
}) {
  const id = useId();
  const set = <K extends keyof ParticipantDraft>(key: K, value: ParticipantDraft[K]) => onChange({ ...draft, [key]: value });
  const described = (field: keyof ParticipantDraft) => (errors[field] ? `${id}-${field}-error` : undefined);

  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-name`}>Full Name</Label>
        <Input
          id={`${id}-name`}
          autoComplete="name"
          maxLength={AMA_LIMITS.participantName}
          value={draft.participant_name}
          aria-invalid={Boolean(errors.participant_name)}
          aria-describedby={described('participant_name')}
          onChange={(event) => set('participant_name', event.target.value)}
        />
        <FieldError id={`${id}-participant_name-error`} message={errors.participant_name} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-email`}>Email Address</Label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          maxLength={AMA_LIMITS.participantEmail}
          value={draft.participant_email}
          aria-invalid={Boolean(errors.participant_email)}
          aria-describedby={described('participant_email')}
          onChange={(event) => set('participant_email', event.target.value)}
        />
        <FieldError id={`${id}-participant_email-error`} message={errors.participant_email} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-phone`}>Phone Number</Label>
        <Input
          id={`${id}-phone`}
          type="tel"
          autoComplete="tel"
          maxLength={AMA_LIMITS.participantPhone}
          value={draft.participant_phone}
          aria-invalid={Boolean(errors.participant_phone)}
          aria-describedby={described('participant_phone')}
          onChange={(event) => set('participant_phone', event.target.value)}
        />
        <FieldError id={`${id}-participant_phone-error`} message={errors.participant_phone} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-method`}>Payment Method</Label>
        <Select value={draft.payment_method} onValueChange={(value) => set('payment_method', value as PaymentMethod)}>
          <SelectTrigger id={`${id}-method`} aria-describedby={described('payment_method') ?? `${id}-hint`}>
            <SelectValue placeholder="Select a payment method" />
          </SelectTrigger>
          <SelectContent>
            {PAYMENT_METHODS.map((method) => (
              <SelectItem key={method} value={method}>
                {PAYMENT_METHOD_LABELS[method]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <FieldError id={`${id}-payment_method-error`} message={errors.payment_method} />
        {hint && (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}
