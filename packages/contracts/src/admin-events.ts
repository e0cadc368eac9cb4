import { z } from 'zod';

/** Events of the admin service (filled in by the admin issue). */
export const adminEventSchemas = {} satisfies Record<string, z.ZodType>;
