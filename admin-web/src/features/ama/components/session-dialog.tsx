import { AMA_ADMIN_TOASTS, AMA_CURRENCIES, AMA_LIMITS, CURRENCY_SYMBOLS, type AmaCurrency, type StaffSession } from '@wfm/contracts/ama';
import {
  Alert,
  AlertDescription,
  Button,
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
import { AlertCircle } from '@wfm/ui/icons';
import { useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAdminPricing } from '../api/pricing.ts';
import { SaveSessionError, useSaveSession } from '../api/save-session.ts';
import {
  EMPTY_DRAFT,
  canSubmit,
  draftFrom,
  hasPrice,
  imageProblem,
  pricingBodyFrom,
  sessionBodyFrom,
  type SessionDraft,
} from '../session-form.ts';

const FAILURE_TITLES = {
  session: { create: AMA_ADMIN_TOASTS.creationFailed, edit: AMA_ADMIN_TOASTS.updateFailed },
  image: { create: AMA_ADMIN_TOASTS.uploadFailed, edit: AMA_ADMIN_TOASTS.uploadFailed },
  pricing: { create: AMA_ADMIN_TOASTS.pricingFailed, edit: AMA_ADMIN_TOASTS.pricingFailed },
} as const;

function Field({ id, label, counter, children }: { id: string; label: string; counter?: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {counter && <span className="text-xs text-muted-foreground">{counter}</span>}
      </div>
      {children}
    </div>
  );
}

function SessionForm({
  session,
  initial,
  pricingExists,
  onDone,
}: {
  session?: StaffSession;
  initial: SessionDraft;
  pricingExists: boolean;
  onDone: () => void;
}) {
  const mode = session ? 'edit' : 'create';
  const [draft, setDraft] = useState(initial);
  const [image, setImage] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveSession();
  const set = <K extends keyof SessionDraft>(key: K, value: SessionDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const priced = Number(draft.price) > 0;

  function pickImage(file: File | null) {
    if (!file) return setImage(null);
    const problem = imageProblem(file);
    if (problem) {
      setImage(null);
      setError(problem);
      toast({ variant: 'destructive', title: AMA_ADMIN_TOASTS.uploadFailed, description: problem });
      return;
    }
    setError(null);
    setImage(file);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit(draft) || save.isPending) return;
    // Create omits image_url (the image is uploaded after); edit keeps the current one.
    const checked = sessionBodyFrom(draft, session?.image_url ?? null);
    if (!checked.ok) return setError(checked.message);
    const pricing = hasPrice(draft) ? pricingBodyFrom(draft) : null;
    if (pricing && !pricing.ok) return setError(pricing.message);
    setError(null);
    save.mutate(
      { id: session?.id, body: checked.body, image, pricing: pricing?.ok ? pricing.body : null, pricingExists },
      {
        onSuccess: (saved) => {
          toast({
            title: mode === 'create' ? 'AMA session scheduled' : 'AMA session updated',
            description: `"${saved.title}" was saved.`,
          });
          onDone();
        },
        onError: (failure) => {
          const stage = failure instanceof SaveSessionError ? failure.stage : 'session';
          const cause = failure instanceof SaveSessionError ? failure.cause : failure;
          const fallback = stage === 'image' ? AMA_ADMIN_TOASTS.imageUploadFailed : AMA_ADMIN_TOASTS.tryAgain;
          toast({ variant: 'destructive', title: FAILURE_TITLES[stage][mode], description: errorMessage(cause, fallback) });
          // The session itself was saved: close rather than offer to create it twice.
          if (failure instanceof SaveSessionError && failure.session && mode === 'create') onDone();
        },
      },
    );
  }

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      {error && (
        <Alert variant="destructive">
          <AlertCircle aria-hidden="true" />
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      <Field id="ama-title" label="Title" counter={`${draft.title.length}/${AMA_LIMITS.title}`}>
        <Input id="ama-title" maxLength={AMA_LIMITS.title} value={draft.title} onChange={(e) => set('title', e.target.value)} />
      </Field>
      <Field id="ama-description" label="Description" counter={`${draft.description.length}/${AMA_LIMITS.description}`}>
        <Textarea
          id="ama-description"
          rows={3}
          maxLength={AMA_LIMITS.description}
          value={draft.description}
          onChange={(e) => set('description', e.target.value)}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="ama-host" label="Host Name">
          <Input id="ama-host" maxLength={AMA_LIMITS.hostName} value={draft.host_name} onChange={(e) => set('host_name', e.target.value)} />
        </Field>
        <Field id="ama-time" label="Scheduled Time">
          <Input id="ama-time" type="datetime-local" value={draft.scheduled_time} onChange={(e) => set('scheduled_time', e.target.value)} />
        </Field>
      </div>
      <Field id="ama-bio" label="Host Bio" counter={`${draft.host_bio.length}/${AMA_LIMITS.hostBio}`}>
        <Textarea id="ama-bio" rows={2} maxLength={AMA_LIMITS.hostBio} value={draft.host_bio} onChange={(e) => set('host_bio', e.target.value)} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id="ama-duration" label="Duration (minutes)">
          <Input
            id="ama-duration"
            type="number"
            min={AMA_LIMITS.durationMin}
            max={AMA_LIMITS.durationMax}
            value={draft.duration_minutes}
            onChange={(e) => set('duration_minutes', e.target.value)}
          />
        </Field>
        <Field id="ama-max-participants" label="Max Participants">
          <Input
            id="ama-max-participants"
            type="number"
            min={AMA_LIMITS.maxParticipantsMin}
            max={AMA_LIMITS.maxParticipantsMax}
            placeholder="Unlimited"
            value={draft.max_participants}
            onChange={(e) => set('max_participants', e.target.value)}
          />
        </Field>
        <Field id="ama-max-questions" label="Max Questions">
          <Input
            id="ama-max-questions"
            type="number"
            min={AMA_LIMITS.maxQuestionsMin}
            max={AMA_LIMITS.maxQuestionsMax}
            value={draft.max_questions}
            onChange={(e) => set('max_questions', e.target.value)}
          />
        </Field>
      </div>
      <p className="-mt-2 text-xs text-muted-foreground">Leave Max Participants empty for unlimited places.</p>
      <Field id="ama-zoom" label="Zoom Link">
        <Input id="ama-zoom" type="url" placeholder="https://zoom.us/j/..." value={draft.zoom_link} onChange={(e) => set('zoom_link', e.target.value)} />
      </Field>
      <Field id="ama-image" label="Session Image (JPG, PNG, GIF, under 10MB)">
        <Input
          id="ama-image"
          type="file"
          accept="image/jpeg,image/png,image/gif"
          onChange={(e) => pickImage(e.target.files?.[0] ?? null)}
        />
      </Field>
      {session?.image_url && !image && <p className="-mt-2 text-xs text-muted-foreground">Current image: {session.image_url}</p>}

      <fieldset className="grid gap-4 rounded-md border p-3">
        <legend className="px-1 text-sm font-semibold">Session Pricing (optional)</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="ama-price" label="Price">
            <Input
              id="ama-price"
              type="number"
              step="0.01"
              min="0"
              placeholder="Free"
              value={draft.price}
              onChange={(e) => set('price', e.target.value)}
            />
          </Field>
          <Field id="ama-currency" label="Currency">
            <Select value={draft.currency} onValueChange={(value) => set('currency', value as AmaCurrency)}>
              <SelectTrigger id="ama-currency">
                <SelectValue placeholder="Select a currency" />
              </SelectTrigger>
              <SelectContent>
                {AMA_CURRENCIES.map((currency) => (
                  <SelectItem key={currency} value={currency}>
                    {currency} ({CURRENCY_SYMBOLS[currency]})
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
        </div>
        <p className="text-xs text-muted-foreground">An empty price means the session is free.</p>
        {priced && (
          <>
            <div className="grid gap-3">
              <p className="text-sm font-medium">PayPal Details</p>
              <Field id="ama-paypal-email" label="PayPal Email">
                <Input id="ama-paypal-email" type="email" value={draft.paypal_email} onChange={(e) => set('paypal_email', e.target.value)} />
              </Field>
              <Field id="ama-paypal-instructions" label="PayPal Instructions">
                <Textarea
                  id="ama-paypal-instructions"
                  rows={2}
                  maxLength={AMA_LIMITS.instructions}
                  value={draft.paypal_instructions}
                  onChange={(e) => set('paypal_instructions', e.target.value)}
                />
              </Field>
            </div>
            <div className="grid gap-3">
              <p className="text-sm font-medium">GCash Details</p>
              <div className="grid gap-3 sm:grid-cols-2">
                <Field id="ama-gcash-number" label="GCash Mobile Number">
                  <Input id="ama-gcash-number" type="tel" value={draft.gcash_number} onChange={(e) => set('gcash_number', e.target.value)} />
                </Field>
                <Field id="ama-gcash-name" label="Account Holder Name">
                  <Input id="ama-gcash-name" value={draft.gcash_name} onChange={(e) => set('gcash_name', e.target.value)} />
                </Field>
              </div>
              <Field id="ama-gcash-instructions" label="GCash Instructions">
                <Textarea
                  id="ama-gcash-instructions"
                  rows={2}
                  maxLength={AMA_LIMITS.instructions}
                  value={draft.gcash_instructions}
                  onChange={(e) => set('gcash_instructions', e.target.value)}
                />
              </Field>
            </div>
          </>
        )}
      </fieldset>
      <DialogFooter>
        <Button variant="outline" disabled={save.isPending} onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={!canSubmit(draft) || save.isPending}>
          {save.isPending ? 'Saving...' : mode === 'create' ? 'Schedule AMA' : 'Update AMA'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Schedule AMA (no session) or Edit AMA (§2): the whole form with counters and the pricing section. */
export function SessionDialog({ session, onClose }: { session?: StaffSession; onClose: () => void }) {
  const pricing = useAdminPricing(session?.id ?? null);
  // On edit a failed pricing lookup is tolerated: the form opens without a price.
  const loading = session !== undefined && pricing.isPending;
  const initial = session ? draftFrom(session, pricing.data ?? null) : EMPTY_DRAFT;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{session ? 'Edit AMA Session' : 'Schedule AMA Session'}</DialogTitle>
          <DialogDescription>
            {session ? `Change "${session.title}", its image or its pricing.` : 'A new session with its host, time, limits and optional pricing.'}
          </DialogDescription>
        </DialogHeader>
        {loading ? (
          <p className="text-sm text-muted-foreground" role="status">
            Loading pricing...
          </p>
        ) : (
          <SessionForm session={session} initial={initial} pricingExists={Boolean(pricing.data)} onDone={onClose} />
        )}
      </DialogContent>
    </Dialog>
  );
}
