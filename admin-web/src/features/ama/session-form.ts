import {
  AMA_LIMITS,
  AMA_MESSAGES,
  DEFAULT_DURATION_MINUTES,
  DEFAULT_MAX_QUESTIONS,
  PricingBody,
  SessionBody,
  PaymentMethods,
  type AmaCurrency,
  type AmaSession,
  type SessionPricing,
} from '@wfm/contracts/ama';

/** payment_methods JSON text as PayPal and GCash parts; missing or bad text gives empty parts. */
export function parsePaymentMethodsText(text: string | null | undefined): PaymentMethods {
  try {
    const parsed = PaymentMethods.safeParse(text ? JSON.parse(text) : {});
    return parsed.success ? parsed.data : { paypal: {}, gcash: {} };
  } catch {
    return { paypal: {}, gcash: {} };
  }
}

/** The schedule/edit form as typed (every field text, as the inputs hold it). */
export interface SessionDraft {
  title: string;
  description: string;
  host_name: string;
  host_bio: string;
  /** datetime-local value, the staff member's local time. */
  scheduled_time: string;
  duration_minutes: string;
  max_participants: string;
  max_questions: string;
  zoom_link: string;
  price: string;
  currency: AmaCurrency | '';
  paypal_email: string;
  paypal_instructions: string;
  gcash_number: string;
  gcash_name: string;
  gcash_instructions: string;
}

export const EMPTY_DRAFT: SessionDraft = {
  title: '',
  description: '',
  host_name: '',
  host_bio: '',
  scheduled_time: '',
  duration_minutes: String(DEFAULT_DURATION_MINUTES),
  max_participants: '',
  max_questions: String(DEFAULT_MAX_QUESTIONS),
  zoom_link: '',
  price: '',
  currency: 'USD',
  paypal_email: '',
  paypal_instructions: '',
  gcash_number: '',
  gcash_name: '',
  gcash_instructions: '',
};

const pad = (n: number) => String(n).padStart(2, '0');

/** Epoch ms as a datetime-local value in this browser's time zone. */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value as epoch ms, or null when empty or not a time. */
export function fromLocalInput(value: string): number | null {
  if (!value) return null;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? null : ms;
}

export function draftFrom(session: AmaSession, pricing: SessionPricing | null): SessionDraft {
  const methods = parsePaymentMethodsText(pricing?.payment_methods);
  return {
    title: session.title,
    description: session.description,
    host_name: session.host_name,
    host_bio: session.host_bio,
    scheduled_time: toLocalInput(session.scheduled_time),
    duration_minutes: String(session.duration_minutes),
    max_participants: session.max_participants === null ? '' : String(session.max_participants),
    max_questions: String(session.max_questions),
    zoom_link: session.zoom_link ?? '',
    price: pricing ? String(pricing.price) : '',
    currency: pricing?.currency ?? 'USD',
    paypal_email: methods.paypal.email ?? '',
    paypal_instructions: methods.paypal.instructions ?? '',
    gcash_number: methods.gcash.number ?? '',
    gcash_name: methods.gcash.name ?? '',
    gcash_instructions: methods.gcash.instructions ?? '',
  };
}

/** §5: Update (and Schedule) stay disabled until title, host name and scheduled time are filled. */
export function canSubmit(draft: SessionDraft): boolean {
  return Boolean(draft.title.trim() && draft.host_name.trim() && draft.scheduled_time);
}

/** A number field: empty stays empty (the contract's default applies), else the number typed. */
const numberOrEmpty = (text: string): number | '' => (text.trim() === '' ? '' : Number(text));

/** The session body the contract accepts, or the first problem in its words. */
export function sessionBodyFrom(
  draft: SessionDraft,
  imageUrl: string | null,
): { ok: true; body: SessionBody } | { ok: false; message: string } {
  const scheduled = fromLocalInput(draft.scheduled_time);
  // "Duration defaults to 60 if not a number" (§5).
  const duration = Number.parseInt(draft.duration_minutes, 10);
  const body = {
    title: draft.title,
    description: draft.description,
    host_name: draft.host_name,
    host_bio: draft.host_bio,
    scheduled_time: scheduled ?? undefined,
    duration_minutes: Number.isNaN(duration) ? DEFAULT_DURATION_MINUTES : duration,
    max_participants: numberOrEmpty(draft.max_participants),
    max_questions: numberOrEmpty(draft.max_questions),
    zoom_link: draft.zoom_link.trim(),
    ...(imageUrl ? { image_url: imageUrl } : {}),
  };
  const parsed = SessionBody.safeParse(body);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'Please check the form.' };
  return { ok: true, body: body as SessionBody };
}

/** An empty price means the session is free: no pricing call. */
export function hasPrice(draft: SessionDraft): boolean {
  return draft.price.trim() !== '';
}

/** The pricing body for a non-empty price, or the §5 message of its first problem. */
export function pricingBodyFrom(draft: SessionDraft): { ok: true; body: PricingBody } | { ok: false; message: string } {
  const price = Number(draft.price);
  if (!Number.isFinite(price) || price <= 0) return { ok: false, message: AMA_MESSAGES.priceAboveZero };
  if (!draft.currency) return { ok: false, message: AMA_MESSAGES.currencyRequired };
  if (!draft.paypal_email.trim() && !draft.gcash_number.trim()) return { ok: false, message: AMA_MESSAGES.paymentMethodRequired };
  const body: PricingBody = {
    price,
    currency: draft.currency,
    payment_methods: JSON.stringify({
      paypal: { email: draft.paypal_email.trim(), instructions: draft.paypal_instructions.trim() },
      gcash: { number: draft.gcash_number.trim(), name: draft.gcash_name.trim(), instructions: draft.gcash_instructions.trim() },
    }),
  };
  const parsed = PricingBody.safeParse(body);
  return parsed.success ? { ok: true, body } : { ok: false, message: parsed.error.issues[0]?.message ?? AMA_MESSAGES.priceAboveZero };
}

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'];
const IMAGE_NAME = /\.(jpe?g|png|gif)$/i;

/** §5 session image: a JPG, PNG or GIF under 10 MB; the message otherwise. */
export function imageProblem(file: File): string | null {
  if (!IMAGE_TYPES.includes(file.type) && !IMAGE_NAME.test(file.name)) return AMA_MESSAGES.imageType;
  if (file.size >= AMA_LIMITS.fileBytes) return AMA_MESSAGES.imageSize;
  return null;
}
