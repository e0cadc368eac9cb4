import { z } from 'zod';

// Field rules the forum's entity files share (not exported from the package).

export const trimmed = (min: number, max: number, required: string, tooLong: string) =>
  z.string(required).trim().min(min, required).max(max, tooLong);

/** Opaque position after a comment (its created_at and id); null when no comment follows. */
export const CommentCursor = z.string().regex(/^[0-9]{1,15}-[1-9][0-9]{0,14}$/, 'Invalid comments cursor');
