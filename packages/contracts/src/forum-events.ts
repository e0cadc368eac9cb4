import { z } from 'zod';

/** Events of the forum service (filled in by the forum issue). */
export const forumEventSchemas = {} satisfies Record<string, z.ZodType>;
