import { z } from 'zod';
import { PollSummary } from './polls.ts';
import { Template } from './templates.ts';
import { Tool } from './tools.ts';
import { StaffActionEvent } from '../shared/staff-action.ts';

/** catalog.tool.voted: the tool's new count. */
export const ToolVotedEvent = z.object({ tool_id: z.number().int(), votes: z.number().int() });
export type ToolVotedEvent = z.infer<typeof ToolVotedEvent>;

/** catalog.template.downloaded: the template's new download count. */
export const TemplateDownloadedEvent = z.object({ template_id: z.number().int(), downloads: z.number().int() });
export type TemplateDownloadedEvent = z.infer<typeof TemplateDownloadedEvent>;

/** catalog.poll.voted: the poll's new tallies (what an open poll page shows; never who voted). */
export const PollVotedEvent = z.object({
  poll_id: z.number().int(),
  total_votes: z.number().int(),
  options: z.array(z.object({ id: z.number().int(), votes: z.number().int(), percentage: z.number().int() })),
});
export type PollVotedEvent = z.infer<typeof PollVotedEvent>;

/** catalog.poll.deleted / catalog.tool.deleted / catalog.template.deleted: the item is gone. */
export const CatalogItemDeletedEvent = z.object({ id: z.number().int(), at: z.number().int() });
export type CatalogItemDeletedEvent = z.infer<typeof CatalogItemDeletedEvent>;

/** catalog.tool.linked: the number of community posts linking to the tool changed. */
export const ToolLinkedEvent = z.object({ tool_id: z.number().int(), linked_posts: z.number().int() });
export type ToolLinkedEvent = z.infer<typeof ToolLinkedEvent>;

/** Events of the catalog service. Payloads never carry a visitor's token or hash. */
export const catalogEventSchemas = {
  'catalog.tool.created': Tool,
  'catalog.tool.voted': ToolVotedEvent,
  'catalog.tool.linked': ToolLinkedEvent,
  'catalog.tool.deleted': CatalogItemDeletedEvent,
  'catalog.template.created': Template,
  'catalog.template.downloaded': TemplateDownloadedEvent,
  'catalog.template.deleted': CatalogItemDeletedEvent,
  'catalog.poll.created': PollSummary,
  'catalog.poll.voted': PollVotedEvent,
  'catalog.poll.deleted': CatalogItemDeletedEvent,
  'catalog.staff.action': StaffActionEvent,
} satisfies Record<string, z.ZodType>;
