import type { VisitorRecords } from '@wfm/service-kit';
import type { IdentityContext } from '../context.ts';
import { findVisitor } from '../visitors/visitors-service.ts';

/**
 * Identity's part of "Your data": the visitor's username and when it was chosen, and when the
 * device was last seen. The token, its hash and the recovery phrase's lookup key stay out: they are
 * credentials, not data about the visitor. Nothing here is erased: the profile is the visitor's
 * name, not content, and "Forget this device" is the separate way out (docs/decisions.md).
 */
export async function exportIdentity(ctx: IdentityContext, token: string): Promise<VisitorRecords> {
  const visitor = await findVisitor(ctx, token);
  if (!visitor) return { profile: [] };
  return {
    profile: [
      {
        username: visitor.username,
        profile_created_at: visitor.profileCreatedAt?.getTime() ?? null,
        last_seen_at: visitor.lastSeenAt.getTime(),
      },
    ],
  };
}
