import { CreatePollBody, POLL_FORM_OPTIONS, type PollCategory, type ProfileQuestion } from '@wfm/contracts/catalog/polls';

export type PollForm = {
  title: string;
  description: string;
  category: PollCategory | '';
  options: string[];
  /** A `datetime-local` value, '' for no close date. */
  closes: string;
  created_by: string;
  profile_questions: ProfileQuestion[];
};

export type PollFormErrors = Partial<Record<'title' | 'description' | 'category' | 'options' | 'closes' | 'created_by', string>>;

export const EMPTY_POLL_FORM: PollForm = {
  title: '',
  description: '',
  category: 'general',
  options: ['', ''],
  closes: '',
  created_by: '',
  profile_questions: [],
};

/** Another empty option, up to the form's 6. */
export function addOption(options: readonly string[]): string[] {
  return options.length >= POLL_FORM_OPTIONS.max ? [...options] : [...options, ''];
}

/** Without option `index`, never below the form's 2. */
export function removeOption(options: readonly string[], index: number): string[] {
  if (options.length <= POLL_FORM_OPTIONS.min) return [...options];
  return options.filter((_, i) => i !== index);
}

/** A remove button shows only while there are more than 2 options. */
export const canRemoveOption = (options: readonly string[]) => options.length > POLL_FORM_OPTIONS.min;
export const canAddOption = (options: readonly string[]) => options.length < POLL_FORM_OPTIONS.max;

/** The options to send: blank ones dropped, the rest trimmed. */
export function filledOptions(options: readonly string[]): string[] {
  return options.map((option) => option.trim()).filter(Boolean);
}

export const CLOSE_DATE_IN_PAST = 'The closing date must be in the future';

/** The body to send (blank options dropped), or the message of each field the contract refuses. */
export function validatePoll(form: PollForm, now = Date.now()): { body: CreatePollBody } | { errors: PollFormErrors } {
  const errors: PollFormErrors = {};
  let expiresAt: number | undefined;
  if (form.closes) {
    expiresAt = new Date(form.closes).getTime();
    if (Number.isNaN(expiresAt) || expiresAt <= now) errors.closes = CLOSE_DATE_IN_PAST;
  }
  const parsed = CreatePollBody.safeParse({
    title: form.title,
    description: form.description,
    category: form.category,
    options: filledOptions(form.options),
    expires_at: expiresAt,
    created_by: form.created_by,
    profile_questions: form.profile_questions,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      const key: keyof PollFormErrors =
        field === 'expires_at' ? 'closes' : field === 'profile_questions' ? 'options' : (field as keyof PollFormErrors);
      errors[key] ??= issue.message;
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { errors };
  return { body: parsed.data };
}
