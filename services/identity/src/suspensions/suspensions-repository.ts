import type { AddressBlock, Db, StandingsSource, Suspension } from '@wfm/service-kit';

interface SuspensionRow {
  service: string;
  visitor: string;
  until: Date | null;
  reason: string;
  staff: string;
  at: Date;
}
type BlockRow = Omit<SuspensionRow, 'service' | 'visitor' | 'until'> & { address: string; until: Date };

const toSuspension = (r: SuspensionRow): Suspension => ({ ...r, until: r.until === null ? null : r.until.getTime(), at: r.at.getTime() });
const toBlock = (r: BlockRow): AddressBlock => ({ ...r, until: r.until.getTime(), at: r.at.getTime() });

/**
 * Identity's tables as the kit's standings source: identity's own kit reads them directly, every
 * other service through the internal routes (suspensions-routes.ts). "In force" is judged
 * at the time the asking service gives (its clock: the test clock in tests). A new suspension of a suspended visitor
 * replaces the old one (the latest decision stands; the audit log keeps both).
 */
export function pgStandingsSource(sql: Db): StandingsSource {
  return {
    async load(atMs) {
      const at = new Date(atMs);
      const [suspensions, blocks] = await Promise.all([
        sql<SuspensionRow[]>`SELECT service, visitor, until, reason, staff, at FROM visitor_suspensions WHERE until IS NULL OR until > ${at}`,
        sql<BlockRow[]>`SELECT address, until, reason, staff, at FROM address_blocks WHERE until > ${at}`,
      ]);
      return { suspensions: suspensions.map(toSuspension), blocks: blocks.map(toBlock) };
    },
    async suspend(s) {
      const until = s.until === null ? null : new Date(s.until);
      await sql`
        INSERT INTO visitor_suspensions (service, visitor, until, reason, staff, at)
        VALUES (${s.service}, ${s.visitor}, ${until}, ${s.reason}, ${s.staff}, ${new Date(s.at)})
        ON CONFLICT (service, visitor) DO UPDATE
          SET until = EXCLUDED.until, reason = EXCLUDED.reason, staff = EXCLUDED.staff, at = EXCLUDED.at`;
    },
    async lift(service, visitor) {
      const rows = await sql`DELETE FROM visitor_suspensions WHERE service = ${service} AND visitor = ${visitor} RETURNING 1`;
      return rows.length > 0;
    },
    async block(b) {
      await sql`
        INSERT INTO address_blocks (address, until, reason, staff, at)
        VALUES (${b.address}, ${new Date(b.until)}, ${b.reason}, ${b.staff}, ${new Date(b.at)})
        ON CONFLICT (address) DO UPDATE
          SET until = EXCLUDED.until, reason = EXCLUDED.reason, staff = EXCLUDED.staff, at = EXCLUDED.at`;
    },
    async unblock(address) {
      const rows = await sql`DELETE FROM address_blocks WHERE address = ${address} RETURNING 1`;
      return rows.length > 0;
    },
  };
}
