import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Template, type CreateTemplateBody } from '@wfm/contracts/catalog/templates';
import { api } from '../../../lib/api-client.ts';
import { catalogKeys } from '../../../lib/catalog-keys.ts';

/** A link as JSON, or a file as multipart (the text fields plus `file`). */
export type NewTemplate =
  | { mode: 'url'; body: CreateTemplateBody }
  | { mode: 'file'; fields: Omit<CreateTemplateBody, 'url'>; file: File };

export async function createTemplate(template: NewTemplate): Promise<Template> {
  if (template.mode === 'url') return Template.parse(await api.post('/api/templates', template.body));
  const form = new FormData();
  for (const [key, value] of Object.entries(template.fields)) form.append(key, String(value));
  // The file goes last, so the server has every text field when it streams the file.
  form.append('file', template.file);
  return Template.parse(await api.post('/api/templates', form));
}

export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.templates.lists() }),
  });
}
