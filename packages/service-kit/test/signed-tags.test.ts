import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isBase64urlOf } from '../src/signed-tags.ts';
import { issueVisitorToken, verifyVisitorToken } from '../src/visitor.ts';
import { signStaffHeaders, STAFF_HEADERS, verifyStaffHeaders } from '../src/staff-signature.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Every text that differs from `text` in its last character only: several decode to the same bytes. */
const lastCharacterVariants = (text: string): string[] =>
  [...ALPHABET].filter((c) => c !== text.at(-1)).map((c) => text.slice(0, -1) + c);

describe('signed tags have one spelling', () => {
  it('accepts the tag and refuses every other last character, including those that decode to the same bytes', () => {
    for (const size of [16, 32]) {
      const tag = randomBytes(size);
      const text = tag.toString('base64url');
      expect(isBase64urlOf(text, tag)).toBe(true);
      const variants = lastCharacterVariants(text);
      // The guard matters: some variants decode to the very same bytes.
      expect(variants.some((v) => Buffer.from(v, 'base64url').equals(tag))).toBe(true);
      expect(variants.filter((v) => isBase64urlOf(v, tag))).toEqual([]);
      expect(isBase64urlOf(`${text}=`, tag)).toBe(false);
      expect(isBase64urlOf('', tag)).toBe(false);
    }
  });

  it('refuses a visitor token whose tag is respelled', () => {
    const secret = 'a-visitor-token-secret-for-unit-tests-000';
    const token = issueVisitorToken(secret);
    expect(verifyVisitorToken(secret, token)).not.toBeNull();
    expect(lastCharacterVariants(token).filter((v) => verifyVisitorToken(secret, v) !== null)).toEqual([]);
  });

  it('refuses staff headers whose signature is respelled', () => {
    const secret = 'a-shared-secret-of-sufficient-length-123';
    const req = { method: 'GET', url: '/api/admin/reports' };
    const headers = signStaffHeaders(secret, { id: 1, username: 'mod', role: 'Moderator' }, req);
    const name = STAFF_HEADERS.signature;
    const sig = headers[name]!;
    const accepted = lastCharacterVariants(sig).filter((v) => verifyStaffHeaders(secret, { ...headers, [name]: v }, req) !== null);
    expect(accepted).toEqual([]);
  });
});
