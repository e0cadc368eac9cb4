import { z } from 'zod';
import { StaffActionEvent } from '../shared/staff-action.ts';

/** Events of the identity service. */
export const identityEventSchemas = {
  'identity.profile.created': z.object({ username: z.string(), created_at: z.number() }),
  'identity.staff.action': StaffActionEvent,
  /**
   * A visitor token was revoked. `revocation` is the kit's revocation key of the token
   * (HMAC under VISITOR_TOKEN_SECRET, base64url), never the token: each service's kit keeps it in
   * kit_revoked_visitors and refuses the token for every per-visitor read and write; every gateway
   * replica closes the websockets that said hello with it.
   */
  'identity.visitor.revoked': z.object({ revocation: z.string().regex(/^[A-Za-z0-9_-]{43}$/), at: z.number().int() }),
} satisfies Record<string, z.ZodType>;
