import { createCipheriv, createDecipheriv, createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { generateMnemonic, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { RECOVERY_PREFIX_WORDS } from '@wfm/contracts/identity';

/**
 * The cryptography of recovery phrases (docs/decisions.md, "Portable pseudonym"): BIP-39 English
 * words from 128 random bits, a keyed fast lookup of the first words, scrypt as the slow hash, and
 * the visitor's token id sealed under a key only the phrase gives.
 */

/** 12 words: 128 bits of entropy plus the 4-bit BIP-39 checksum. */
export const newPhrase = (): string => generateMnemonic(wordlist, 128);

/** Every word on the English list and the checksum right (a typo is caught before any hashing). */
export const isValidPhrase = (phrase: string): boolean => validateMnemonic(phrase, wordlist);

/** The first words of a (normalized) phrase. */
export const phrasePrefix = (phrase: string): string => phrase.split(' ').slice(0, RECOVERY_PREFIX_WORDS).join(' ');

/** HMAC of the prefix under identity's lookup key: the indexed lookup and the per-prefix limit's key. */
export const lookupOf = (key: Buffer, phrase: string): Buffer =>
  createHmac('sha256', key).update(`recovery-prefix:v1:${phrasePrefix(phrase)}`).digest();

/**
 * scrypt cost: N = 2^14, r = 8 (16 MiB, about 50 ms on one core). The phrase's 128 random bits do
 * the real protecting (docs/decisions.md); the cost only has to make a stolen table expensive to try
 * at scale while a recovery stays well inside the request deadline on a busy node (at N = 2^15 a
 * 2-core machine at load average 50 answered 503 after 4.5 s).
 */
export interface ScryptCost {
  logN: number;
}
export const DEFAULT_SCRYPT_COST: ScryptCost = { logN: 14 };

function slowHash(phrase: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const N = 2 ** cost.logN;
  return new Promise((resolve, reject) =>
    scrypt(phrase, salt, 64, { N, r: 8, p: 1, maxmem: 256 * N * 8 + 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export interface SealedPhrase {
  lookup: Buffer;
  salt: Buffer;
  verifier: Buffer;
  sealedId: Buffer;
}

/** What the database keeps for `phrase` of the visitor whose token id is `tokenId`. */
export async function sealPhrase(phrase: string, tokenId: string, lookupKey: Buffer, cost: ScryptCost): Promise<SealedPhrase> {
  const salt = randomBytes(16);
  const out = await slowHash(phrase, salt, cost);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', out.subarray(32), iv);
  const body = Buffer.concat([cipher.update(tokenId, 'utf8'), cipher.final()]);
  return {
    lookup: lookupOf(lookupKey, phrase),
    salt,
    verifier: out.subarray(0, 32),
    sealedId: Buffer.concat([iv, cipher.getAuthTag(), body]),
  };
}

/** The token id sealed in `row` when `phrase` is its phrase, else null. */
export async function openPhrase(
  phrase: string,
  row: { salt: Buffer; verifier: Buffer; sealedId: Buffer },
  cost: ScryptCost,
): Promise<string | null> {
  const out = await slowHash(phrase, row.salt, cost);
  if (!timingSafeEqual(out.subarray(0, 32), row.verifier)) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', out.subarray(32), row.sealedId.subarray(0, 12));
    decipher.setAuthTag(row.sealedId.subarray(12, 28));
    return Buffer.concat([decipher.update(row.sealedId.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** Spends the same time as one real check, so an unknown prefix answers no faster than a wrong phrase. */
export async function burnOneCheck(phrase: string, cost: ScryptCost): Promise<void> {
  await slowHash(phrase, randomBytes(16), cost);
}
