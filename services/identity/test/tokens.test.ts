import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AnonToken } from '@wfm/contracts/identity';
import { testVisitorToken } from '@wfm/service-kit/testing';
import { hashAnonToken } from '../src/visitors/visitors-tokens.ts';

describe('anonymous tokens', () => {
  it('have the <id>.<tag> format of the contract; old 43-character tokens do not pass', () => {
    const tokens = Array.from({ length: 200 }, testVisitorToken);
    for (const token of tokens) expect(AnonToken.safeParse(token).success).toBe(true);
    expect(new Set(tokens).size).toBe(tokens.length);
    expect(AnonToken.safeParse(tokens[0]!.split('.')[0]).success).toBe(false);
  });

  it('are stored as their SHA-256', () => {
    const token = testVisitorToken();
    expect(hashAnonToken(token).equals(createHash('sha256').update(token).digest())).toBe(true);
    expect(hashAnonToken(token)).toHaveLength(32);
  });
});
