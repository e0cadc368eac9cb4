import type { FastifyInstance } from 'fastify';
import { eventSchemas } from '@wfm/contracts/shared';
import type { Db } from './db.ts';
import type { Visitor, VisitorVerifier } from './visitor.ts';

export const VISITOR_REVOKED_SUBJECT = 'identity.visitor.revoked';

/**
 * What a verified token still is in this service, decided in one place (the kit's request hook and
 * app.visitorOf) for every route:
 * - `good`: a visitor for reads and writes;
 * - `revoked`: identity ended the token ("forget this device"); no visitor at all, so reads and
 *   writes answer what they answer for a token identity never issued.
 * A suspension (reads yes, writes no) is checked next to it in the same request hook, for writes
 * only (suspensions.ts), so a suspended token stays a visitor for reads; no route changes.
 */
export type VisitorStanding = 'good' | 'revoked';

/**
 * How long one replica trusts a `good` answer before asking its table again. A revocation reaches
 * every replica at once through the fan-out subscription; this bounds a replica that missed the
 * event (NATS away): it refuses the token at most this long after the durable copy has it.
 */
export const VISITOR_STANDING_CACHE_MS = 5_000;
/** Good answers kept per replica (oldest dropped first); revoked keys kept as many again. */
export const VISITOR_STANDING_CACHE_ENTRIES = 10_000;

/** True when identity revoked the visitor's token (a primary-key lookup in the service's own schema). */
export async function isVisitorRevoked(db: Db, visitor: Visitor): Promise<boolean> {
  const rows = await db`SELECT 1 FROM kit_revoked_visitors WHERE revocation = ${visitor.revocation}`;
  return rows.length > 0;
}

/** Records a revocation; repeated deliveries are harmless. */
export async function recordVisitorRevocation(db: Db, revocation: string): Promise<void> {
  await db`INSERT INTO kit_revoked_visitors (revocation) VALUES (${revocation}) ON CONFLICT DO NOTHING`;
}

export interface VisitorStandings {
  /** The visitor's standing: from this replica's memory when it knows, else its table (one primary-key lookup). */
  of(visitor: Visitor): Promise<VisitorStanding>;
  /** This replica learnt that identity revoked `revocation` (from the event): refused from now on. */
  noteRevoked(revocation: string): void;
}

/**
 * The standing of visitors as one replica sees it: kit_revoked_visitors, with a small bounded cache
 * in front. A revoked key is remembered for good (a revoked token never comes back) and wins over
 * any `good` answer that was being looked up while the event arrived.
 */
export function createVisitorStandings(
  db: Db,
  opts: { now: () => number; cacheMs?: number; maxEntries?: number },
): VisitorStandings {
  const cacheMs = opts.cacheMs ?? VISITOR_STANDING_CACHE_MS;
  const maxEntries = opts.maxEntries ?? VISITOR_STANDING_CACHE_ENTRIES;
  const goodUntil = new Map<string, number>();
  const revoked = new Set<string>();

  const noteRevoked = (key: string) => {
    goodUntil.delete(key);
    if (revoked.has(key)) return;
    revoked.add(key);
    // Forgetting the oldest only costs a table lookup the next time that token is seen.
    if (revoked.size > maxEntries) revoked.delete(revoked.values().next().value!);
  };

  return {
    async of(visitor) {
      const key = visitor.revocation;
      if (revoked.has(key)) return 'revoked';
      const until = goodUntil.get(key);
      if (until !== undefined && until > opts.now()) return 'good';
      const isRevoked = await isVisitorRevoked(db, visitor);
      // The event may have arrived while the table was asked; it wins.
      if (isRevoked || revoked.has(key)) {
        noteRevoked(key);
        return 'revoked';
      }
      if (cacheMs > 0) {
        goodUntil.delete(key);
        goodUntil.set(key, opts.now() + cacheMs);
        if (goodUntil.size > maxEntries) goodUntil.delete(goodUntil.keys().next().value!);
      }
      return 'good';
    },
    noteRevoked,
  };
}

/**
 * The request's visitor for a token (the x-anon-token header, or an `anon_token` query value):
 * verified (identity issued it) and in good standing, else null. Every per-visitor read and write
 * goes through this, so a revoked token is no visitor anywhere.
 */
export function visitorResolver(verify: VisitorVerifier, standings: VisitorStandings) {
  return async (token: unknown): Promise<Visitor | null> => {
    const visitor = verify(token);
    if (!visitor) return null;
    return (await standings.of(visitor)) === 'good' ? visitor : null;
  };
}

/**
 * Every service keeps its own copy of the revoked tokens, fed by one durable subscription per
 * service (replicas share the work; a failed insert is redelivered), and every replica also hears
 * every revocation (a subscription without a durable name) so its cache refuses the token at once.
 * Resolves to the unsubscribe.
 */
export async function subscribeVisitorRevocations(
  app: FastifyInstance,
  service: string,
  standings: VisitorStandings,
): Promise<() => Promise<void>> {
  const schema = eventSchemas[VISITOR_REVOKED_SUBJECT];
  const revocationOf = (evt: { subject: string; data: unknown }): string | null => {
    const parsed = schema.safeParse(evt.data);
    if (parsed.success) return parsed.data.revocation;
    app.log.warn({ subject: evt.subject }, 'ignoring a malformed visitor revocation');
    return null;
  };
  const stopFanOut = await app.bus.subscribe(VISITOR_REVOKED_SUBJECT, async (evt) => {
    const revocation = revocationOf(evt);
    if (revocation !== null) standings.noteRevoked(revocation);
  });
  const stopDurable = await app.bus.subscribe(
    VISITOR_REVOKED_SUBJECT,
    async (evt) => {
      const revocation = revocationOf(evt);
      if (revocation === null) return;
      standings.noteRevoked(revocation);
      await recordVisitorRevocation(app.sql, revocation);
    },
    { durable: `${service}-visitor-revocations` },
  ).catch(async (err: unknown) => {
    await stopFanOut();
    throw err;
  });
  return async () => {
    await Promise.all([stopFanOut(), stopDurable()]);
  };
}
