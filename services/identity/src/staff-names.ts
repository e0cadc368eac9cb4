import type { FastifyInstance } from 'fastify';
import { eventSchemas } from '@wfm/contracts/shared';
import type { Db } from '@wfm/service-kit';

/** Remembers a staff account name for good (lower-cased); repeated deliveries are harmless. */
export async function recordStaffName(db: Db, username: string): Promise<void> {
  await db`INSERT INTO staff_names (name_lower) VALUES (${username.trim().toLowerCase()}) ON CONFLICT DO NOTHING`;
}

export async function isStaffName(db: Db, name: string): Promise<boolean> {
  const rows = await db`SELECT 1 FROM staff_names WHERE name_lower = ${name.trim().toLowerCase()}`;
  return rows.length > 0;
}

/**
 * The staff_names projection, fed by the admin service's staff events (written by triggers on its
 * staff table, and once for the accounts that existed before, admin migration 003). Durable: replicas
 * share the work and a failed insert is redelivered.
 */
export async function subscribeStaffNames(app: FastifyInstance): Promise<() => Promise<void>> {
  return app.bus.subscribe(
    'admin.staff.*',
    async (evt) => {
      const schema =
        evt.subject === 'admin.staff.created'
          ? eventSchemas['admin.staff.created']
          : evt.subject === 'admin.staff.renamed'
            ? eventSchemas['admin.staff.renamed']
            : null;
      const parsed = schema?.safeParse(evt.data);
      if (!parsed?.success) return;
      await recordStaffName(app.sql, parsed.data.username);
    },
    { durable: 'identity-staff-names' },
  );
}
