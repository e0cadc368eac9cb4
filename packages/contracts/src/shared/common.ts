import { z } from 'zod';

/**
 * The name every visitor may write under, and the name stored and shown when a visitor writes
 * anonymously or has no username. Any case of "anonymous" given as a name is this.
 */
export const ANONYMOUS = 'Anonymous';

/** Every error answer: a human-readable message, optionally a machine code. */
export const ErrorResponse = z.object({
  message: z.string(),
  code: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const HealthResponse = z.object({ status: z.literal('ok') });
export const ReadyResponse = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.record(z.string(), z.boolean()),
});

/** A positive integer id in a route (`/post/{id}`, `/api/posts/{id}`). */
export const PositiveIntId = z.coerce.number().int().positive();

/** Empty query values ("?type=") count as absent. */
export function emptyAsUndefined(value: unknown): unknown {
  return value === '' ? undefined : value;
}
