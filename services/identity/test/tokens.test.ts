import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AnonToken } from '@wfm/contracts';
import { hashAnonToken, newAnonToken } from '../src/tokens.ts';

describe('anonymous tokens', () => {
  it('are 43 base64url characters (32 random bytes) and never repeat', () => {
    const tokens = Array.from({ length: 1000 }, newAnonToken);
    for (const token of tokens) {
      expect(AnonToken.safeParse(token).success).toBe(true);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('are stored as their SHA-256', () => {
    const token = newAnonToken();
    expect(hashAnonToken(token).equals(createHash('sha256').update(token).digest())).toBe(true);
    expect(hashAnonToken(token)).toHaveLength(32);
  });
});
