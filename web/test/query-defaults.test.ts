import { describe, expect, it } from 'vitest';
import { profileCheckQueryOptions, profileCheckRetryDelay } from '../src/features/identity/api/check-profile.ts';
import { ApiError } from '../src/lib/api-client.ts';
import { createQueryClient } from '../src/lib/query-client.ts';
import { userProfileQueryOptions } from '../src/lib/user-profile.ts';
import { TOKEN } from './server.ts';

describe('react-query defaults (spec 1 §9)', () => {
  it('never retries, refetches on focus or on an interval, and keeps data fresh', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Infinity,
    });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });

  it('keeps the profile 5 minutes and retries it twice, but not when there is no profile (404)', () => {
    const options = userProfileQueryOptions(TOKEN);
    expect(options.staleTime).toBe(5 * 60 * 1000);
    const retry = options.retry as (failures: number, error: Error) => boolean;
    const serverError = new ApiError(500, '', 'Internal Server Error');
    expect(retry(0, serverError)).toBe(true);
    expect(retry(1, serverError)).toBe(true);
    expect(retry(2, serverError)).toBe(false);
    expect(retry(0, new ApiError(404, '{"message":"Profile not found"}', 'Not Found'))).toBe(false);
  });

  it('retries the profile check 3 times with exponential backoff capped at 30 s', () => {
    expect(profileCheckQueryOptions(TOKEN).retry).toBe(3);
    expect([0, 1, 2, 3, 4, 5, 6].map(profileCheckRetryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });
});
