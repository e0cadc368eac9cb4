// Template library (document 2).
import { z } from 'zod';
import { emptyAsUndefined } from '../shared/common.ts';
import { HeldFields } from '../shared/held.ts';
import { idParams, isHttpUrl, pagingQuery, SearchText, trimmed, URL_MAX } from './fields.ts';

export const TEMPLATE_CATEGORIES = [
  'Forecasting Models',
  'Scheduling Templates',
  'RTA Dashboards',
  'Capacity Planning',
  'Shrinkage Analysis',
  'Performance Reports',
  'Budget Planning',
  'Staff Planning',
  'Data Analysis',
  'Process Documentation',
] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

export const TEMPLATE_SORTS = ['latest', 'downloads', 'name'] as const;
export type TemplateSort = (typeof TEMPLATE_SORTS)[number];

export const TEMPLATE_LIMITS = {
  name: 100,
  /** Spec 2 §5: any category of 1-50 characters (the Add Template dialog offers TEMPLATE_CATEGORIES). */
  category: 50,
  shortDesc: 250,
  submittedBy: 40,
  url: URL_MAX,
  fileBytes: 10 * 1024 * 1024,
} as const;

/** `accept` of the file picker; the server checks the content, not the name. */
export const TEMPLATE_FILE_ACCEPT = '.xlsx,.xls,.csv';
export const TEMPLATE_FILE_EXTENSIONS = ['xlsx', 'xls', 'csv'] as const;

/** Toast title and description pairs of document 2 §5 (the dialog shows them as they are). */
export const TEMPLATE_FORM_MESSAGES = {
  missingInformation: { title: 'Missing information', description: 'Please fill in all required fields.' },
  urlRequired: { title: 'URL required', description: 'Please provide a URL for the template.' },
  fileRequired: { title: 'File required', description: 'Please select a file to upload.' },
} as const;

const joined = (m: { title: string; description: string }) => `${m.title}: ${m.description}`;

export const TEMPLATE_MESSAGES = {
  /** Empty name, category or description. */
  missingInformation: joined(TEMPLATE_FORM_MESSAGES.missingInformation),
  /** The dialog in URL mode without a URL (the API takes a template with neither URL nor file). */
  urlRequired: joined(TEMPLATE_FORM_MESSAGES.urlRequired),
  /** Multipart (file mode) without a file. */
  fileRequired: joined(TEMPLATE_FORM_MESSAGES.fileRequired),
  nameTooLong: 'Name must be 100 characters or less',
  /** The dialog's category outside its list (the API takes any category of 1-50 characters). */
  badCategory: `Category must be one of: ${TEMPLATE_CATEGORIES.join(', ')}`,
  categoryTooLong: 'Category must be 50 characters or less',
  descTooLong: 'Description must be 250 characters or less',
  submitterRequired: 'Submitted by is required',
  submitterTooLong: 'Submitted by must be 40 characters or less',
  badUrl: 'URL must be a valid http(s) URL',
  badFileType: 'File must be an Excel workbook (.xlsx, .xls) or a CSV file',
  fileTooLarge: 'File must be 10 MB or less',
  oneFile: 'Send one file in the field "file"',
  badSort: 'Sort must be latest, downloads or name',
  invalidId: 'Invalid template ID',
  notFound: 'Template not found',
  nothingToDownload: 'This template has neither a URL nor a file',
} as const;

const requiredText = (max: number, tooLong: string) =>
  z.string(TEMPLATE_MESSAGES.missingInformation).trim().min(1, TEMPLATE_MESSAGES.missingInformation).max(max, tooLong);

/**
 * The text fields of both modes (JSON and multipart) as the API takes them: category is any text of
 * 1-50 characters (spec 2 §5). The Add Template dialog is stricter: TemplateFormFields.
 */
export const TemplateFields = z.object({
  name: requiredText(TEMPLATE_LIMITS.name, TEMPLATE_MESSAGES.nameTooLong),
  category: requiredText(TEMPLATE_LIMITS.category, TEMPLATE_MESSAGES.categoryTooLong),
  short_desc: requiredText(TEMPLATE_LIMITS.shortDesc, TEMPLATE_MESSAGES.descTooLong),
  submitted_by: trimmed(TEMPLATE_LIMITS.submittedBy, TEMPLATE_MESSAGES.submitterRequired, TEMPLATE_MESSAGES.submitterTooLong),
});

/** The dialog's text fields: the category is one of its ten (TEMPLATE_CATEGORIES). */
export const TemplateFormFields = TemplateFields.extend({
  category: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.enum(TEMPLATE_CATEGORIES, {
      error: (issue) => (issue.input === undefined ? TEMPLATE_MESSAGES.missingInformation : TEMPLATE_MESSAGES.badCategory),
    }),
  ),
});

const TemplateUrl = z
  .string({ error: (issue) => (issue.input === undefined ? TEMPLATE_MESSAGES.urlRequired : TEMPLATE_MESSAGES.badUrl) })
  .trim()
  .max(URL_MAX, TEMPLATE_MESSAGES.badUrl)
  .refine(isHttpUrl, TEMPLATE_MESSAGES.badUrl);
const blankAsUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

/**
 * POST /api/templates as JSON. `url` is optional (spec 2 §5): absent, null or blank stores a
 * template with neither URL nor file, whose card shows its button disabled (spec 2 §2).
 * Multipart (File Upload) sends the same text fields plus `file`.
 */
export const CreateTemplateBody = TemplateFields.extend({
  url: z.preprocess(blankAsUndefined, TemplateUrl.optional()).transform((url) => url ?? null),
});
export type CreateTemplateBody = z.input<typeof CreateTemplateBody>;

/** The Add Template dialog in URL Link mode: one of its categories and a URL ('URL required: ...'). */
export const CreateTemplateFormBody = TemplateFormFields.extend({
  url: z.preprocess(blankAsUndefined, TemplateUrl),
});
export type CreateTemplateFormBody = z.input<typeof CreateTemplateFormBody>;

/**
 * A template has `url` (a link) or `file_path` (a stored file, served as an attachment from
 * GET /api/templates/{id}/file), or neither; never both.
 */
export const Template = z.object({
  id: z.number().int(),
  name: z.string(),
  /** One of TEMPLATE_CATEGORIES for templates added through the dialog; any 1-50 characters otherwise. */
  category: z.string(),
  short_desc: z.string(),
  url: z.string().nullable(),
  file_path: z.string().nullable(),
  /** The uploaded file's name as sent (for the Download button), null for links. */
  file_name: z.string().nullable(),
  file_size: z.number().int().nullable(),
  downloads: z.number().int(),
  submitted_by: z.string(),
  created_at: z.number(),
});
export type Template = z.infer<typeof Template>;

/** The 201 answer of POST /api/templates: the template, plus `held`/`message` when it was held for review (shared/held.ts). */
export const CreateTemplateResponse = Template.extend(HeldFields);
export type CreateTemplateResponse = z.infer<typeof CreateTemplateResponse>;

export const TemplateIdParams = idParams(TEMPLATE_MESSAGES.invalidId);

/** GET /api/templates. */
export const ListTemplatesQuery = z.object({
  /** Any category a template can have (1-50 characters); empty and `all` count as absent. */
  category: z.preprocess(
    (v) => (v === 'all' || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    z.string(TEMPLATE_MESSAGES.categoryTooLong).trim().max(TEMPLATE_LIMITS.category, TEMPLATE_MESSAGES.categoryTooLong).optional(),
  ),
  q: SearchText,
  sort: z.preprocess(emptyAsUndefined, z.enum(TEMPLATE_SORTS, TEMPLATE_MESSAGES.badSort).default('latest')),
  ...pagingQuery,
});
export type ListTemplatesQuery = z.input<typeof ListTemplatesQuery>;

export const ListTemplatesResponse = z.array(Template);
export type ListTemplatesResponse = z.infer<typeof ListTemplatesResponse>;

/** POST /api/templates/{id}/download (no body): the new count and where to get the file or page. */
export const TemplateDownloadResponse = z.object({
  downloads: z.number().int(),
  /** The template's link, or its file path (`/api/templates/{id}/file`). */
  location: z.string(),
  kind: z.enum(['url', 'file']),
  name: z.string(),
});
export type TemplateDownloadResponse = z.infer<typeof TemplateDownloadResponse>;

/** Where a stored template file is served (always `Content-Disposition: attachment`). */
export const templateFilePath = (id: number) => `/api/templates/${id}/file`;
