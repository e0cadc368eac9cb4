import { CreateTemplateFormBody, TEMPLATE_FILE_EXTENSIONS, TEMPLATE_FORM_MESSAGES, TEMPLATE_LIMITS, TEMPLATE_MESSAGES, TemplateFormFields } from '@wfm/contracts/catalog/templates';
import type { NewTemplate } from '../api/create-template.ts';

export type UploadMode = 'url' | 'file';

export type TemplateForm = {
  name: string;
  category: string;
  short_desc: string;
  submitted_by: string;
  mode: UploadMode;
  url: string;
  file: File | null;
};

export const EMPTY_TEMPLATE_FORM: TemplateForm = {
  name: '',
  category: '',
  short_desc: '',
  submitted_by: '',
  mode: 'url',
  url: '',
  file: null,
};

/** A toast's title and description. */
export type FormProblem = { title: string; description: string };

const INVALID = 'Invalid template';

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * What to send, or the problem to show (document 2 §5: missing information first, then the URL
 * or the file of the chosen mode; then the dialog's schemas, stricter than the server's: one of the
 * ten categories, and a URL in URL mode).
 */
export function validateTemplate(form: TemplateForm): { template: NewTemplate } | { problem: FormProblem } {
  if (!form.name.trim() || !form.category || !form.short_desc.trim()) {
    return { problem: TEMPLATE_FORM_MESSAGES.missingInformation };
  }
  const fields = { name: form.name, category: form.category, short_desc: form.short_desc, submitted_by: form.submitted_by };

  if (form.mode === 'url') {
    if (!form.url.trim()) return { problem: TEMPLATE_FORM_MESSAGES.urlRequired };
    const parsed = CreateTemplateFormBody.safeParse({ ...fields, url: form.url });
    if (!parsed.success) return { problem: { title: INVALID, description: parsed.error.issues[0]!.message } };
    return { template: { mode: 'url', body: parsed.data } };
  }

  if (!form.file) return { problem: TEMPLATE_FORM_MESSAGES.fileRequired };
  if (!(TEMPLATE_FILE_EXTENSIONS as readonly string[]).includes(extensionOf(form.file.name))) {
    return { problem: { title: INVALID, description: TEMPLATE_MESSAGES.badFileType } };
  }
  if (form.file.size > TEMPLATE_LIMITS.fileBytes) {
    return { problem: { title: INVALID, description: TEMPLATE_MESSAGES.fileTooLarge } };
  }
  const parsed = TemplateFormFields.safeParse(fields);
  if (!parsed.success) return { problem: { title: INVALID, description: parsed.error.issues[0]!.message } };
  return { template: { mode: 'file', fields: parsed.data, file: form.file } };
}
