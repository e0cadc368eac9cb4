import { nameKey, nameKeys, type Db } from '@wfm/service-kit';

/** Remembers a staff account name for good (lower-cased); repeated deliveries are harmless. */
export async function recordStaffName(db: Db, username: string): Promise<void> {
  await db`INSERT INTO staff_names (name_lower) VALUES (${username.trim().toLowerCase()}) ON CONFLICT DO NOTHING`;
}

/** nameKey of each staff name seen by this process (staff names are few and never change). */
const staffNameKeys = new Map<string, string>();

/**
 * True when `name` has a name key (service-kit names.ts) of a staff account name, current or
 * former: `Аlice` (Cyrillic А) or `al_ice` is staff member alice's name. The list is short (staff
 * accounts ever made), so it is read whole and compared in the process.
 */
export async function isStaffName(db: Db, name: string): Promise<boolean> {
  const keys = nameKeys(name).filter((k) => k !== '');
  if (keys.length === 0) return false;
  const rows = await db<{ name_lower: string }[]>`SELECT name_lower FROM staff_names`;
  return rows.some(({ name_lower: staffName }) => {
    let staffKey = staffNameKeys.get(staffName);
    if (staffKey === undefined) staffNameKeys.set(staffName, (staffKey = nameKey(staffName)));
    return keys.includes(staffKey);
  });
}
