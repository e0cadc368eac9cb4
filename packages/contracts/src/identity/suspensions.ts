import { z } from 'zod';

/** Staff suspensions and address blocks (issue 26 item 5); kept by the service kit, listed by identity. */

export const SUSPENSION_REASON_MAX = 200;
/** The longest timed suspension or address block: a year (longer is "for good", suspensions only). */
export const SUSPENSION_MAX_MS = 365 * 24 * 60 * 60 * 1000;
/** The longest address block: 30 days (an address changes hands; a block is for a flood). */
export const ADDRESS_BLOCK_MAX_MS = 30 * 24 * 60 * 60 * 1000;

export const SUSPENSION_MESSAGES = {
  notFound: 'No such suspension',
  blockNotFound: 'No such address block',
  authorNotFound: 'That content has no known author',
  badAddress: 'Give an IPv4 address or an IPv6 address (its /64 is blocked)',
} as const;

export const SuspensionReason = z.string().trim().min(1).max(SUSPENSION_REASON_MAX);
/** Duration in ms from now, or null for good. */
export const SuspensionDuration = z.number().int().min(60_000).max(SUSPENSION_MAX_MS).nullable();

/** hide_content: also hide every post and comment of the author in the service that holds them. */
export const SuspendAuthorBody = z
  .object({ duration_ms: SuspensionDuration, reason: SuspensionReason, hide_content: z.boolean('hide_content must be true or false').default(false) })
  .strict();
export type SuspendAuthorBody = z.infer<typeof SuspendAuthorBody>;

/** A visitor as one service knows them: service name and that service's keyed hash (base64url). */
export const SuspensionRef = z.object({
  service: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/),
  visitor: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
}).strict();

export const SuspensionView = z.object({
  service: z.string(),
  visitor: z.string(),
  until: z.number().nullable(),
  reason: z.string(),
  staff: z.string(),
  at: z.number(),
});
export type SuspensionView = z.infer<typeof SuspensionView>;

export const AddressBlockBody = z.object({
  address: z.string().min(2).max(64),
  duration_ms: z.number().int().min(60_000).max(ADDRESS_BLOCK_MAX_MS),
  reason: SuspensionReason,
}).strict();
export const AddressBlockRef = z.object({ address: z.string().min(2).max(64) }).strict();

export const AddressBlockView = z.object({ address: z.string(), until: z.number(), reason: z.string(), staff: z.string(), at: z.number() });
export type AddressBlockView = z.infer<typeof AddressBlockView>;

export const SuspensionsListResponse = z.object({ suspensions: z.array(SuspensionView), blocks: z.array(AddressBlockView) });
export type SuspensionsListResponse = z.infer<typeof SuspensionsListResponse>;

/** A decision as a service's kit hands it to identity, which keeps it (internal routes, staff-signed). */
export const SuspensionRecord = SuspensionRef.extend({
  until: z.number().int().positive().nullable(),
  reason: SuspensionReason,
  staff: z.string().min(1).max(100),
  at: z.number().int().positive(),
}).strict();
export const AddressBlockRecord = z.object({
  address: z.string().min(2).max(64),
  until: z.number().int().positive(),
  reason: SuspensionReason,
  staff: z.string().min(1).max(100),
  at: z.number().int().positive(),
}).strict();
