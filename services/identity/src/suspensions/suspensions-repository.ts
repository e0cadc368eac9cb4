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
 * other service through the internal routes (suspensions-internal-routes.ts). "In force" is judged
 * by the service clock (`now`, the test clock in tests). A new suspension of a suspended visitor
 * replaces the old one (the latest decision stands; the audit log keeps both).
 */
export function pgStandingsSource(sql: Db, now: () => number): StandingsSource {
  return {
    async load() {
      const at = new Date(now());
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
      // Only one in force counts as lifted; an expired row goes too (it stopped applying already).
      const rows = await sql<{ until: Date | null }[]>`
        DELETE FROM visitor_suspensions WHERE service = ${service} AND visitor = ${visitor} RETURNING until`;
      return rows.some((r) => r.until === null || r.until.getTime() > now());
    },
    async block(b) {
      await sql`
        INSERT INTO address_blocks (address, until, reason, staff, at)
        VALUES (${b.address}, ${new Date(b.until)}, ${b.reason}, ${b.staff}, ${new Date(b.at)})
        ON CONFLICT (address) DO UPDATE
          SET until = EXCLUDED.until, reason = EXCLUDED.reason, staff = EXCLUDED.staff, at = EXCLUDED.at`;
    },
    async unblock(address) {
      const rows = await sql<{ until: Date }[]>`DELETE FROM address_blocks WHERE address = ${address} RETURNING until`;
      return rows.some((r) => r.until.getTime() > now());
    },
  };
}
