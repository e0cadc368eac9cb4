import type { Db } from '@wfm/service-kit';

/** Remembers a staff account name for good (lower-cased); repeated deliveries are harmless. */
export async function recordStaffName(db: Db, username: string): Promise<void> {
  await db`INSERT INTO staff_names (name_lower) VALUES (${username.trim().toLowerCase()}) ON CONFLICT DO NOTHING`;
}

export async function isStaffName(db: Db, name: string): Promise<boolean> {
  const rows = await db`SELECT 1 FROM staff_names WHERE name_lower = ${name.trim().toLowerCase()}`;
  return rows.length > 0;
}
