import { timingSafeEqual } from 'node:crypto';

/**
 * Whether `given` is exactly the base64url text of `expected`, compared in constant time.
 * Comparing the decoded bytes instead would accept several texts for one tag: the last base64url
 * character carries unused bits (2 for 32 bytes, 4 for 16) that decoding drops, so a "tampered"
 * last character can still verify. A signed value has one spelling.
 */
export function isBase64urlOf(given: string, expected: Buffer): boolean {
  const want = Buffer.from(expected.toString('base64url'), 'ascii');
  const got = Buffer.from(given, 'ascii');
  return got.length === want.length && timingSafeEqual(got, want);
}
