import {
  HELD_MESSAGES,
  HELD_FOR_REVIEW_MESSAGE,
  type AdminHeldActionResponse,
  type AdminHeldItem,
  type AdminHeldListResponse,
  type HeldKind,
} from '@wfm/contracts/shared';
import type { ServiceContext } from './context.ts';
import type { Db } from './db.ts';
import { notFound } from './errors.ts';
import { recordStaffAction } from './staff-actions.ts';
import type { StaffIdentity } from './staff-signature.ts';

/**
 * The held-for-review queue (kit_held_items, in every service's schema): writes the duplicate
 * check holds (duplicate-content.ts) wait here, outside their content table, until staff release
 * or delete them. A service gives one release function per kind it holds; the kit's staff routes
 * (held-items-routes.ts) list the queue and call them.
 */

/** A write to hold: the create input as the release function will read it back, and what staff read. */
export interface HeldWrite {
  kind: HeldKind;
  /** The table the item is released into: its id is reserved now from that table's id sequence. */
  table: string;
  payload: unknown;
  authorTokenHash: Buffer | null;
  title?: string;
  body: string;
  authorName: string;
  copies: number;
}

/** A held row as a release function receives it. */
export interface HeldRow {
  id: number;
  kind: HeldKind;
  item_id: number;
  payload: unknown;
  author_token_hash: Buffer | null;
  held_at: number;
}

/**
 * Publishes one held item in the caller's transaction: inserts it into its table under
 * `item.item_id` and writes its created event, exactly as an unheld write would. Throws an
 * HttpError (e.g. 409 when a comment's post is gone) to refuse.
 */
export type HeldRelease = (tx: Db, item: HeldRow, now: number) => Promise<void>;

export interface HeldKinds {
  /** Release functions by kind (the kinds this service holds). */
  release: Partial<Record<HeldKind, HeldRelease>>;
  /** Called in the transaction when a held item is deleted (e.g. a held template's file stops being referenced). */
  onDelete?: Partial<Record<HeldKind, HeldRelease>>;
}

/** The fields a create answer adds when its write was held (the spec'd fields stay as they are). */
export const heldAnswer = { held: true, message: HELD_FOR_REVIEW_MESSAGE } as const;

/** Reserves the id the item will have in `table` (an identity or serial id column) once released. */
async function reserveId(tx: Db, table: string): Promise<number> {
  const rows = await tx<{ id: string }[]>`SELECT nextval(pg_get_serial_sequence(${table}, 'id'))::text AS id`;
  return Number(rows[0]!.id);
}

/** Stores a held write in the caller's transaction; answers the id it will have once released. */
export async function holdWrite(tx: Db, ctx: Pick<ServiceContext, 'now'>, w: HeldWrite): Promise<number> {
  const itemId = await reserveId(tx, w.table);
  await tx`
    INSERT INTO kit_held_items (kind, item_id, reason, payload, author_token_hash, title, body, author_name, copies, held_at)
    VALUES (${w.kind}, ${itemId}, 'duplicate', ${tx.json(w.payload as never)}, ${w.authorTokenHash}, ${w.title ?? ''}, ${w.body},
            ${w.authorName}, ${w.copies}, ${ctx.now()})`;
  return itemId;
}

/** The items waiting for review, newest first. */
export async function listHeld(db: Db, page: { limit: number; offset: number }): Promise<AdminHeldListResponse> {
  const [items, count] = await Promise.all([
    db<AdminHeldItem[]>`
      SELECT id::int, kind, item_id::int, reason, title, body, author_name, copies, held_at::float8 AS held_at
      FROM kit_held_items WHERE state = 'held'
      ORDER BY held_at DESC, id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
    db<{ total: number }[]>`SELECT count(*)::int AS total FROM kit_held_items WHERE state = 'held'`,
  ]);
  return { items, total: count[0]!.total };
}

async function takeHeld(tx: Db, id: number): Promise<HeldRow> {
  const rows = await tx<HeldRow[]>`
    SELECT id::int, kind, item_id::int, payload, author_token_hash, held_at::float8 AS held_at
    FROM kit_held_items WHERE id = ${id} AND state = 'held' FOR UPDATE`;
  if (!rows[0]) throw notFound(HELD_MESSAGES.notFound);
  return rows[0];
}

/**
 * Staff decide one held item: `release` publishes it (the kind's release function), `delete` drops
 * it. Either way the row is kept as decided (state, decided_at, decided_by) and the action is
 * audited in the same transaction. 404 for an unknown or already decided item (two moderators
 * clicking at once: one wins, the other gets 404).
 */
export async function decideHeld(
  ctx: ServiceContext,
  kinds: HeldKinds,
  staff: StaffIdentity,
  id: number,
  decision: 'release' | 'delete',
): Promise<AdminHeldActionResponse> {
  return ctx.sql.begin(async (tx) => {
    const item = await takeHeld(tx, id);
    if (decision === 'release') {
      const release = kinds.release[item.kind];
      if (!release) throw notFound(HELD_MESSAGES.notFound);
      await release(tx, item, ctx.now());
    } else {
      await kinds.onDelete?.[item.kind]?.(tx, item, ctx.now());
    }
    const state = decision === 'release' ? 'released' : 'deleted';
    await tx`UPDATE kit_held_items SET state = ${state}, decided_at = ${ctx.now()}, decided_by = ${staff.username} WHERE id = ${id}`;
    await recordStaffAction(tx, ctx, staff, { action: `held.${decision}`, target: { type: item.kind, id: item.item_id } });
    return { success: true, id, item_id: item.item_id, status: state };
  });
}
