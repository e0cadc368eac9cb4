import type { StaffMember, StaffPermissions } from '@wfm/contracts/admin';
import type { StaffRole } from '@wfm/contracts/shared';
import type { Db } from '@wfm/service-kit';

export interface StaffAccount extends StaffMember {
  passwordHash: string;
}

interface StaffRow {
  id: number;
  username: string;
  email: string;
  role: StaffRole;
  permissions: StaffPermissions;
  active: boolean;
  createdAt: Date;
  passwordHash: string;
}

const toAccount = (row: StaffRow): StaffAccount => ({
  id: row.id,
  username: row.username,
  email: row.email,
  role: row.role,
  permissions: row.permissions,
  active: row.active,
  created_at: row.createdAt.getTime(),
  passwordHash: row.passwordHash,
});

/** The answerable part of an account: everything but the password hash. */
export function publicStaff(account: StaffAccount): StaffMember {
  const { passwordHash: _hash, ...member } = account;
  return member;
}

const COLUMNS = 'id, username, email, role, permissions, active, created_at AS "createdAt", password_hash AS "passwordHash"';

export async function listStaff(db: Db): Promise<StaffAccount[]> {
  const rows = await db<StaffRow[]>`SELECT ${db.unsafe(COLUMNS)} FROM staff ORDER BY id`;
  return rows.map(toAccount);
}

export async function findStaffById(db: Db, id: number): Promise<StaffAccount | null> {
  const rows = await db<StaffRow[]>`SELECT ${db.unsafe(COLUMNS)} FROM staff WHERE id = ${id}`;
  return rows[0] ? toAccount(rows[0]) : null;
}

/** Case-insensitive, through the unique index on lower(username). */
export async function findStaffByUsername(db: Db, username: string): Promise<StaffAccount | null> {
  const rows = await db<StaffRow[]>`SELECT ${db.unsafe(COLUMNS)} FROM staff WHERE lower(username) = lower(${username})`;
  return rows[0] ? toAccount(rows[0]) : null;
}

export async function hasAnyStaff(db: Db): Promise<boolean> {
  const rows = await db`SELECT 1 FROM staff LIMIT 1`;
  return rows.length > 0;
}

export interface NewStaff {
  username: string;
  email: string;
  passwordHash: string;
  role: StaffRole;
  permissions: StaffPermissions;
  active: boolean;
}

export async function insertStaff(db: Db, staff: NewStaff): Promise<StaffAccount> {
  const rows = await db<StaffRow[]>`
    INSERT INTO staff (username, email, password_hash, role, permissions, active)
    VALUES (${staff.username}, ${staff.email}, ${staff.passwordHash}, ${staff.role},
            ${db.json(staff.permissions as Parameters<Db['json']>[0])}, ${staff.active})
    RETURNING ${db.unsafe(COLUMNS)}`;
  return toAccount(rows[0]!);
}

export type StaffChanges = Partial<NewStaff>;

export async function updateStaff(db: Db, id: number, changes: StaffChanges): Promise<StaffAccount | null> {
  const set: Record<string, unknown> = {};
  if (changes.username !== undefined) set.username = changes.username;
  if (changes.email !== undefined) set.email = changes.email;
  if (changes.passwordHash !== undefined) set.password_hash = changes.passwordHash;
  if (changes.role !== undefined) set.role = changes.role;
  if (changes.permissions !== undefined) set.permissions = db.json(changes.permissions as Parameters<Db['json']>[0]);
  if (changes.active !== undefined) set.active = changes.active;
  if (Object.keys(set).length === 0) return findStaffById(db, id);
  const rows = await db<StaffRow[]>`
    UPDATE staff SET ${db(set)} WHERE id = ${id} RETURNING ${db.unsafe(COLUMNS)}`;
  return rows[0] ? toAccount(rows[0]) : null;
}

export async function deleteStaff(db: Db, id: number): Promise<boolean> {
  const rows = await db`DELETE FROM staff WHERE id = ${id} RETURNING id`;
  return rows.length > 0;
}

/** Active Super Admins other than `exceptId`. */
export async function countOtherActiveSuperAdmins(db: Db, exceptId: number): Promise<number> {
  const rows = await db<{ n: number }[]>`
    SELECT count(*)::int AS n FROM staff WHERE role = 'Super Admin' AND active AND id <> ${exceptId}`;
  return rows[0]?.n ?? 0;
}

/**
 * Serializes every change that could leave no active Super Admin (held until the transaction
 * ends), so two Super Admins cannot deactivate each other at the same moment.
 */
export async function lockSuperAdminChanges(db: Db): Promise<void> {
  await db`SELECT pg_advisory_xact_lock(hashtextextended('wfm-admin:super-admins', 0))`;
}

/** Serializes the creation of the first account between replicas starting together (until the transaction ends). */
export async function lockFirstAccountCreation(db: Db): Promise<void> {
  await db`SELECT pg_advisory_xact_lock(hashtextextended('wfm-admin:first-super-admin', 0))`;
}

export function isUsernameConflict(err: unknown): boolean {
  return (
    typeof err === 'object' &&
    err !== null &&
    (err as { code?: unknown }).code === '23505' &&
    (err as { constraint_name?: unknown }).constraint_name === 'staff_username_lower_key'
  );
}
