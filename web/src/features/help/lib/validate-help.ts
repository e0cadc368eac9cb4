import { HELP_FORM_MESSAGES, HELP_LIMITS, HELP_PRIORITIES } from '@wfm/contracts/forum/reports';
import { HELP_CATEGORIES, HELP_DESCRIPTION_MAX, HELP_DESCRIPTION_MIN } from './help-options.ts';

export type HelpForm = { title: string; category: string; priority: string; description: string; contact: string };
export type HelpErrors = Partial<Record<'title' | 'category' | 'priority' | 'description' | 'contact', string>>;

/** The help form's rules of spec 2 §5, with its messages word for word. */
export function validateHelp(form: HelpForm): HelpErrors {
  const errors: HelpErrors = {};
  const title = form.title.trim();
  if (title.length < HELP_LIMITS.titleMin) errors.title = HELP_FORM_MESSAGES.titleTooShort;
  else if (title.length > HELP_LIMITS.title) errors.title = HELP_FORM_MESSAGES.titleTooLong;
  const description = form.description.trim();
  if (description.length < HELP_DESCRIPTION_MIN) errors.description = HELP_FORM_MESSAGES.descriptionTooShort;
  else if (description.length > HELP_DESCRIPTION_MAX) errors.description = HELP_FORM_MESSAGES.descriptionTooLong;
  if (!HELP_CATEGORIES.some((c) => c.value === form.category)) errors.category = HELP_FORM_MESSAGES.categoryRequired;
  if (!(HELP_PRIORITIES as readonly string[]).includes(form.priority)) errors.priority = HELP_FORM_MESSAGES.priorityRequired;
  if (form.contact.trim().length > HELP_LIMITS.contactInfo) errors.contact = 'Contact info must be 200 characters or less';
  return errors;
}
