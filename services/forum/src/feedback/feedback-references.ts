import { randomInt } from 'node:crypto';

/** No 0/O, 1/I/L or U: every character is unambiguous when read out or typed from a screen. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 5;

export const REFERENCE_PREFIXES = { help: 'HLP', post: 'RPT', suggestion: 'FS' } as const;

/** A reference such as HLP-7K3Q9 (30^5 ≈ 24 million per prefix; the unique index settles clashes). */
export function newReference(prefix: string): string {
  let code = '';
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${prefix}-${code}`;
}

/** PostgreSQL unique_violation. */
export const isUniqueViolation = (err: unknown): boolean => (err as { code?: string } | null)?.code === '23505';

/** Runs `insert` with fresh references until one is not taken (a handful of tries at most). */
export async function withUniqueReference<T>(prefix: string, insert: (reference: string) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await insert(newReference(prefix));
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 5) throw err;
    }
  }
}
