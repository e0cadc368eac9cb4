import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { describeLimits } from '@wfm/service-kit';
import { AMA_LIMITS_TABLE } from '../src/rate-limits.ts';

it('docs/operations.md lists every ama-booking limit with its default, key, window and variable', () => {
  const docs = readFileSync(new URL('../../../docs/operations.md', import.meta.url), 'utf8');
  for (const row of describeLimits(AMA_LIMITS_TABLE)) expect(docs).toContain(row);
});
