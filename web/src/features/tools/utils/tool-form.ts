import { CreateToolBody } from '@wfm/contracts/catalog/tools';

export type ToolForm = { name: string; category: string; url: string; short_desc: string; submitted_by: string };
export type ToolFormErrors = Partial<Record<keyof ToolForm, string>>;

export const EMPTY_TOOL_FORM: ToolForm = { name: '', category: '', url: '', short_desc: '', submitted_by: '' };

/** The body to send, or the message of each field the contract refuses (the server checks the same). */
export function validateTool(form: ToolForm): { body: CreateToolBody } | { errors: ToolFormErrors } {
  const parsed = CreateToolBody.safeParse(form);
  if (parsed.success) return { body: parsed.data };
  const errors: ToolFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof ToolForm;
    errors[field] ??= issue.message;
  }
  return { errors };
}
