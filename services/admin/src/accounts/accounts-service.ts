import { type StaffRole } from '@wfm/contracts/shared';
import { STAFF_MESSAGES, type StaffMember, type StaffPermissions } from '@wfm/contracts/admin';
import { conflict, notFound, recordStaffAction, type StaffIdentity, type TransactionSql } from '@wfm/service-kit';
import type { AdminContext } from '../context.ts';
import { deleteLoginsOf } from '../logins/logins-repository.ts';
import { hashPassword } from './accounts-passwords.ts';
import * as repo from './accounts-repository.ts';

export interface StaffInput {
  username: string;
  email: string;
  password: string;
  role: StaffRole;
  permissions?: StaffPermissions | undefined;
  active: boolean;
}

export interface StaffUpdate {
  username?: string | undefined;
  email?: string | undefined;
  /** Missing or blank: the current password stays. */
  password?: string | undefined;
  role?: StaffRole | undefined;
  permissions?: StaffPermissions | undefined;
  active?: boolean | undefined;
}

const STAFF_TARGET = 'staff';

export async function listStaff(ctx: AdminContext): Promise<StaffMember[]> {
  return (await repo.listStaff(ctx.sql)).map(repo.publicStaff);
}

/** Turns the unique-index violation of a concurrent duplicate into the 409 it is. */
async function withUsernameCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (repo.isUsernameConflict(err)) throw conflict(STAFF_MESSAGES.usernameTaken);
    throw err;
  }
}

export async function createStaff(ctx: AdminContext, actor: StaffIdentity, input: StaffInput): Promise<StaffMember> {
  const { sql } = ctx;
  const passwordHash = await hashPassword(input.password);
  return withUsernameCheck(() =>
    sql.begin(async (tx) => {
      const created = await repo.insertStaff(tx, {
        username: input.username,
        email: input.email,
        passwordHash,
        role: input.role,
        permissions: input.permissions ?? {},
        active: input.active,
      });
      await recordStaffAction(tx, ctx, actor, { action: 'staff.create', target: { type: STAFF_TARGET, id: created.id } });
      return repo.publicStaff(created);
    }),
  );
}

const isActiveSuperAdmin = (staff: { role: StaffRole; active: boolean }) => staff.role === 'Super Admin' && staff.active;

/** Refuses a change that would leave no active Super Admin. Call under lockSuperAdminChanges. */
async function keepOneSuperAdmin(tx: TransactionSql, id: number): Promise<void> {
  if ((await repo.countOtherActiveSuperAdmins(tx, id)) === 0) throw conflict(STAFF_MESSAGES.lastSuperAdmin);
}

export async function updateStaff(
  ctx: AdminContext,
  actor: StaffIdentity,
  id: number,
  update: StaffUpdate,
  /** The staff login hash of the request, kept when staff change their own password. */
  currentLogin?: Buffer,
): Promise<StaffMember> {
  const { sql } = ctx;
  const newPassword = update.password ? update.password : undefined;
  const passwordHash = newPassword === undefined ? undefined : await hashPassword(newPassword);
  return withUsernameCheck(() =>
    sql.begin(async (tx) => {
      await repo.lockSuperAdminChanges(tx);
      const before = await repo.findStaffById(tx, id);
      if (!before) throw notFound(STAFF_MESSAGES.notFound);
      const after = { role: update.role ?? before.role, active: update.active ?? before.active };
      if (isActiveSuperAdmin(before) && !isActiveSuperAdmin(after)) await keepOneSuperAdmin(tx, id);

      const updated = await repo.updateStaff(tx, id, {
        username: update.username,
        email: update.email,
        passwordHash,
        role: update.role,
        permissions: update.permissions,
        active: update.active,
      });
      if (!updated) throw notFound(STAFF_MESSAGES.notFound);

      if (!updated.active) await deleteLoginsOf(tx, id);
      else if (passwordHash !== undefined) await deleteLoginsOf(tx, id, actor.id === id ? currentLogin : undefined);

      const action = before.active && !updated.active ? 'staff.deactivate' : 'staff.update';
      await recordStaffAction(tx, ctx, actor, { action, target: { type: STAFF_TARGET, id } });
      return repo.publicStaff(updated);
    }),
  );
}

/** Deleting an account ends its staff logins (they reference it). */
export async function deleteStaff(ctx: AdminContext, actor: StaffIdentity, id: number): Promise<void> {
  await ctx.sql.begin(async (tx) => {
    await repo.lockSuperAdminChanges(tx);
    const existing = await repo.findStaffById(tx, id);
    if (!existing) throw notFound(STAFF_MESSAGES.notFound);
    if (isActiveSuperAdmin(existing)) await keepOneSuperAdmin(tx, id);
    await repo.deleteStaff(tx, id);
    await recordStaffAction(tx, ctx, actor, { action: 'staff.delete', target: { type: STAFF_TARGET, id } });
  });
}
