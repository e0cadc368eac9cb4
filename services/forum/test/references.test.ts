import { describe, expect, it } from 'vitest';
import { newReference, withUniqueReference } from '../src/feedback/feedback-references.ts';
import { inclusiveEnd } from '../src/posts/posts-service.ts';

describe('references', () => {
  it('are a prefix and five unambiguous characters', () => {
    for (let i = 0; i < 200; i++) expect(newReference('HLP')).toMatch(/^HLP-[2-9A-HJKMNP-TV-Z]{5}$/);
  });

  it('retry on a unique violation and give up after five tries', async () => {
    const clash = Object.assign(new Error('duplicate key'), { code: '23505' });
    let calls = 0;
    const ref = await withUniqueReference('FS', async (r) => {
      if (++calls < 3) throw clash;
      return r;
    });
    expect(calls).toBe(3);
    expect(ref).toMatch(/^FS-/);

    calls = 0;
    await expect(
      withUniqueReference('FS', async () => {
        calls++;
        throw clash;
      }),
    ).rejects.toBe(clash);
    expect(calls).toBe(5);

    const other = new Error('boom');
    await expect(withUniqueReference('FS', async () => Promise.reject(other))).rejects.toBe(other);
  });
});

describe('end_date', () => {
  it('a bare UTC day covers the whole day; a time is kept as it is', () => {
    const day = Date.UTC(2025, 0, 31);
    expect(inclusiveEnd(day)).toBe(day + 86_400_000 - 1);
    expect(inclusiveEnd(day + 1234)).toBe(day + 1234);
  });
});
