import { eventSchemas } from '@wfm/contracts/shared';
import type { ServiceContext } from '@wfm/service-kit';
import { recordStaffName } from './staff-names-repository.ts';

/**
 * The staff_names projection, fed by the admin service's staff events (written by triggers on its
 * staff table, and once for the accounts that existed before, admin migration 003). Durable: replicas
 * share the work and a failed insert is redelivered.
 */
export async function subscribeStaffNames(ctx: Pick<ServiceContext, 'bus' | 'sql'>): Promise<() => Promise<void>> {
  return ctx.bus.subscribe(
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
      await recordStaffName(ctx.sql, parsed.data.username);
    },
    { durable: 'identity-staff-names' },
  );
}
