import argon2 from 'argon2';

/**
 * argon2id with OWASP's recommended parameters (19 MiB, 2 passes, 1 lane): strong against guessing
 * while a burst of logins cannot exhaust a replica's memory. Hashes are PHC strings, so the
 * parameters travel with each hash and can be raised later without breaking old ones.
 */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of a real verification when there is no account to check, so response times do
 * not tell which usernames exist.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('no account has this password');
  await verifyPassword(await dummyHash, password);
  return false;
}
