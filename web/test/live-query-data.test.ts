import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { refetchIfInFlight } from '../src/lib/live-query-data.ts';

describe('refetchIfInFlight', () => {
  it('keeps a live change that a read answered before it would undo: the read is asked again', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    const key = ['poll', 7];
    let answerOld: (value: string) => void = () => {};
    const answers = [new Promise<string>((resolve) => (answerOld = resolve)), Promise.resolve('after the vote')];
    const queryFn = vi.fn(() => answers.shift()!);
    const observer = new QueryObserver(queryClient, { queryKey: key, queryFn });
    const unsubscribe = observer.subscribe(() => {});
    expect(queryClient.isFetching({ queryKey: key })).toBe(1);

    // The vote's message arrives while the first read (answered before the vote) is on its way.
    queryClient.setQueryData(key, 'live tally');
    refetchIfInFlight(queryClient, key);
    answerOld('before the vote');
    await vi.waitFor(() => expect(queryClient.isFetching({ queryKey: key })).toBe(0));
    expect(queryClient.getQueryData(key)).toBe('after the vote');
    expect(queryFn).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('asks nothing when no read is on its way', () => {
    const queryClient = new QueryClient();
    const queryFn = vi.fn(() => Promise.resolve('x'));
    queryClient.setQueryData(['poll', 8], 'live tally');
    refetchIfInFlight(queryClient, ['poll', 8]);
    expect(queryFn).not.toHaveBeenCalled();
    expect(queryClient.getQueryState(['poll', 8])?.isInvalidated).toBe(false);
  });
});
