import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import type { Comment, PostSummary } from '@wfm/contracts/forum';
import { useState } from 'react';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { RealtimeClient, realtimeUrl, reconnectDelay } from '../src/lib/realtime.ts';
import { parseRealtimeMessage } from '../src/lib/realtime-message.ts';
import { RealtimeProvider, useRealtimeEvent } from '../src/lib/realtime-context.tsx';
import { visitorTokenQueryOptions } from '../src/lib/visitor-token.ts';
import { FakeWebSocket } from './fake-websocket.ts';

const URL = 'ws://localhost:3000/ws';
const TOKEN = `${'a'.repeat(43)}.${'b'.repeat(22)}`;

const post = (id: number): PostSummary => ({
  id,
  type: 'Question',
  title: `Post ${id}`,
  body: 'Body',
  author_name: 'ann',
  created_at: 1_700_000_000_000,
  upvotes: 0,
  status: 'open',
  tags: '',
  tool_links: '[]',
  attachments: '[]',
  comment_count: 0,
  accepted_comment_id: null,
  channel: null,
  platform: null,
  centre_size: null,
  region: null,
  edited_at: null,
});
const comment = (id: number): Comment => ({ id, post_id: 3, body: 'Hi', author_name: 'bo', created_at: 1_700_000_000_000, edited_at: null, deleted: false });
const hellos = (socket: FakeWebSocket) => socket.sent.map((frame) => JSON.parse(frame) as unknown);

describe('realtime client', () => {
  let client: RealtimeClient;
  const logger = { error: vi.fn() };

  beforeEach(() => {
    vi.useFakeTimers();
    logger.error.mockReset();
    client = new RealtimeClient({ url: URL, logger, pageAge: () => 500 });
  });
  afterEach(() => client.stop());

  it('connects to /ws and hands {type, data} messages to the listeners of that type', () => {
    const newPost = vi.fn();
    const upvote = vi.fn();
    client.subscribe('new_post', newPost);
    client.subscribe('upvote', upvote);
    client.start();
    const socket = FakeWebSocket.latest();
    expect(socket.url).toBe(URL);
    socket.serverOpen();
    expect(client.status).toBe('open');

    socket.serverSend({ type: 'new_post', data: post(7) });
    expect(newPost).toHaveBeenCalledWith(post(7));
    expect(upvote).not.toHaveBeenCalled();
  });

  it('reconnects with a doubling, capped wait, back to the first wait once a connection opens', () => {
    // The top of each jitter range, so the waits are exact: 3 s, 6 s, 12 s, 24 s, then 30 s.
    client = new RealtimeClient({ url: URL, logger, random: () => 1 });
    client.start();
    FakeWebSocket.latest().serverOpen();
    FakeWebSocket.latest().serverClose();
    expect(client.status).toBe('closed');

    // Connections that never open are retried further and further apart.
    for (const [n, wait] of [3000, 6000, 12_000, 24_000, 30_000, 30_000].entries()) {
      expect(FakeWebSocket.instances).toHaveLength(n + 1);
      vi.advanceTimersByTime(wait - 1);
      expect(FakeWebSocket.instances, `attempt ${n}`).toHaveLength(n + 1);
      vi.advanceTimersByTime(1);
      expect(FakeWebSocket.instances).toHaveLength(n + 2);
      if (n < 5) FakeWebSocket.latest().serverClose();
    }

    // An open connection starts the count again.
    FakeWebSocket.latest().serverOpen();
    FakeWebSocket.latest().serverClose();
    vi.advanceTimersByTime(2999);
    expect(FakeWebSocket.instances).toHaveLength(7);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(8);
  });

  it('jitters each wait within the upper half of its step', () => {
    client = new RealtimeClient({ url: URL, logger, random: () => 0 });
    client.start();
    FakeWebSocket.latest().serverClose();
    vi.advanceTimersByTime(1499);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('tells missed-message listeners when a connection opens after one was lost or failed, not on the first open', () => {
    const reconnected = vi.fn();
    const off = client.onMissedMessages(reconnected);
    client.start();
    FakeWebSocket.latest().serverOpen();
    expect(reconnected).not.toHaveBeenCalled();

    FakeWebSocket.latest().serverClose();
    vi.advanceTimersByTime(3000);
    expect(reconnected).not.toHaveBeenCalled();
    // This attempt fails too; only the one that opens counts, once.
    FakeWebSocket.latest().serverClose();
    vi.advanceTimersByTime(6000);
    FakeWebSocket.latest().serverOpen();
    expect(reconnected).toHaveBeenCalledTimes(1);

    off();
    FakeWebSocket.latest().serverClose();
    vi.advanceTimersByTime(3000);
    FakeWebSocket.latest().serverOpen();
    expect(reconnected).toHaveBeenCalledTimes(1);
  });

  it('counts a first connection that never opened as lost, and only logs a missed-message listener that throws', () => {
    const reconnected = vi.fn();
    client.onMissedMessages(() => {
      throw new Error('listener bug');
    });
    client.onMissedMessages(reconnected);
    client.start();
    FakeWebSocket.latest().serverClose();
    vi.advanceTimersByTime(3000);
    FakeWebSocket.latest().serverOpen();
    expect(reconnected).toHaveBeenCalledTimes(1);
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(client.status).toBe('open');
  });

  it('stops reconnecting once stopped', () => {
    client.start();
    client.stop();
    vi.advanceTimersByTime(10_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('only logs messages it cannot parse and listeners that throw', () => {
    const after = vi.fn();
    client.subscribe('new_comment', () => {
      throw new Error('listener bug');
    });
    client.subscribe('new_comment', after);
    client.start();
    const socket = FakeWebSocket.latest();
    socket.serverSend('not json');
    socket.serverSend({ no: 'type' });
    // Data that is not what the contract says for the type is a parse error too.
    socket.serverSend({ type: 'new_comment', data: { id: 1 } });
    socket.serverSend({ type: 'new_comment', data: comment(1) });
    expect(after).toHaveBeenCalledTimes(1);
    expect(after).toHaveBeenCalledWith(comment(1));
    expect(logger.error).toHaveBeenCalledTimes(4);
  });

  it('unsubscribes', () => {
    const listener = vi.fn();
    const off = client.subscribe('upvote', listener);
    off();
    client.start();
    FakeWebSocket.latest().serverSend({ type: 'upvote', data: { post_id: 1, upvotes: 2 } });
    expect(listener).not.toHaveBeenCalled();
  });

  it('says hello with the visitor token on open, on every reconnect and when the token changes', () => {
    client.identify(TOKEN);
    client.start();
    const first = FakeWebSocket.latest();
    expect(first.sent).toEqual([]);
    first.serverOpen();
    // The page's first connection asks for what was broadcast since the page was loaded (and 2 s more).
    expect(hellos(first)).toEqual([{ type: 'hello', anon_token: TOKEN, replay_ms: 2500 }]);
    client.identify(TOKEN);
    expect(first.sent).toHaveLength(1);

    const other = `${'c'.repeat(43)}.${'d'.repeat(22)}`;
    client.identify(other);
    client.identify(null);
    expect(hellos(first).slice(1)).toEqual([
      { type: 'hello', anon_token: other },
      { type: 'hello', anon_token: '' },
    ]);

    client.identify(TOKEN);
    first.serverClose();
    vi.advanceTimersByTime(3000);
    const second = FakeWebSocket.latest();
    second.serverOpen();
    expect(hellos(second)).toEqual([{ type: 'hello', anon_token: TOKEN }]);
  });

  it('says an empty hello without a token and never puts the token in the URL', () => {
    client.start();
    FakeWebSocket.latest().serverOpen();
    expect(hellos(FakeWebSocket.latest())).toEqual([{ type: 'hello', anon_token: '', replay_ms: 2500 }]);
    client.identify(TOKEN);
    expect(FakeWebSocket.latest().url).toBe(URL);
  });

  it('tells missed-message listeners when the gateway could not replay all the first connection asked for', () => {
    const missed = vi.fn();
    client.onMissedMessages(missed);
    client.start();
    const first = FakeWebSocket.latest();
    first.serverOpen();
    first.serverSend({ type: 'hello', data: { visitor: false, missed: true } });
    expect(missed).toHaveBeenCalledTimes(1);
    // Only the answer to the replay counts (a later hello, after a token change, asked for none).
    first.serverSend({ type: 'hello', data: { visitor: true, missed: true } });
    expect(missed).toHaveBeenCalledTimes(1);
    client.stop();

    const whole = new RealtimeClient({ url: URL, logger, pageAge: () => 500 });
    const none = vi.fn();
    whole.onMissedMessages(none);
    whole.start();
    FakeWebSocket.latest().serverOpen();
    FakeWebSocket.latest().serverSend({ type: 'hello', data: { visitor: false, missed: false } });
    expect(none).not.toHaveBeenCalled();
    whole.stop();
  });

  it('asks for a replay only on the first connection, capped, and not when that connection failed first', () => {
    const old = new RealtimeClient({ url: URL, logger, pageAge: () => 10 * 3_600_000 });
    old.start();
    FakeWebSocket.latest().serverOpen();
    expect(hellos(FakeWebSocket.latest())).toEqual([{ type: 'hello', anon_token: '', replay_ms: 3_600_000 }]);
    FakeWebSocket.latest().serverClose();
    vi.advanceTimersByTime(3000);
    FakeWebSocket.latest().serverOpen();
    expect(hellos(FakeWebSocket.latest())).toEqual([{ type: 'hello', anon_token: '' }]);
    old.stop();

    const failing = new RealtimeClient({ url: URL, logger, pageAge: () => 500 });
    failing.start();
    FakeWebSocket.latest().serverClose();
    vi.advanceTimersByTime(3000);
    FakeWebSocket.latest().serverOpen();
    expect(hellos(FakeWebSocket.latest())).toEqual([{ type: 'hello', anon_token: '' }]);
    failing.stop();
  });

  it('hands visitor-directed and hello messages to their listeners with typed data', () => {
    const booking = vi.fn();
    const hello = vi.fn();
    client.subscribe('booking_status', booking);
    client.subscribe('hello', hello);
    client.start();
    const socket = FakeWebSocket.latest();
    socket.serverSend({ type: 'hello', data: { visitor: true, missed: false } });
    socket.serverSend({ type: 'booking_status', data: { booking_id: 4, reference: 'AMA4X', status: 'confirmed' } });
    expect(hello).toHaveBeenCalledWith({ visitor: true, missed: false });
    expect(booking).toHaveBeenCalledWith({ booking_id: 4, reference: 'AMA4X', status: 'confirmed' });
  });
});

describe('parseRealtimeMessage', () => {
  it('parses each message type with its contract and types the data by type', () => {
    const message = parseRealtimeMessage(JSON.stringify({ type: 'upvote', data: { post_id: 3, upvotes: 9 } }));
    expect(message).toEqual({ type: 'upvote', data: { post_id: 3, upvotes: 9 } });
    if (message.type === 'upvote') expectTypeOf(message.data).toEqualTypeOf<{ post_id: number; upvotes: number }>();
    expect(parseRealtimeMessage(JSON.stringify({ type: 'post_updated', data: { id: 3, at: 5 } }))).toEqual({
      type: 'post_updated',
      data: { id: 3, at: 5 },
    });
    expect(parseRealtimeMessage(JSON.stringify({ type: 'post_updated', data: post(3) })).data).toEqual(post(3));
    expect(parseRealtimeMessage(JSON.stringify({ type: 'member_joined', data: { username: 'ann', created_at: 1 } })).type).toBe(
      'member_joined',
    );
  });

  it('refuses frames that are not JSON, of an unknown type, or whose data does not fit the type', () => {
    for (const frame of [
      'not json',
      '{"type":"nope","data":{}}',
      '{"data":{}}',
      '{"type":"upvote"}',
      '{"type":"upvote","data":{"post_id":"3","upvotes":9}}',
      '{"type":"hello","data":{"visitor":"yes"}}',
      '{"type":"booking_status","data":{"booking_id":1}}',
      'null',
    ]) {
      expect(() => parseRealtimeMessage(frame), frame).toThrow();
    }
  });
});

describe('reconnectDelay', () => {
  const backoff = { baseMs: 3000, maxMs: 30_000 };

  it('doubles from the base on every attempt and never passes the cap', () => {
    const top = () => 1;
    expect([0, 1, 2, 3, 4, 5, 10, 100, 5000].map((n) => reconnectDelay(n, backoff, top))).toEqual([
      3000, 6000, 12_000, 24_000, 30_000, 30_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('puts the wait in the upper half of its step, as the random number says', () => {
    expect(reconnectDelay(0, backoff, () => 0)).toBe(1500);
    expect(reconnectDelay(0, backoff, () => 0.5)).toBe(2250);
    expect(reconnectDelay(2, backoff, () => 0.25)).toBe(7500);
    expect(reconnectDelay(9, backoff, () => 0)).toBe(15_000);
    expect(reconnectDelay(9, backoff, () => 0.999_999)).toBe(30_000);
  });

  it('stays within [step/2, step] for any random number and attempt', () => {
    fc.assert(
      fc.property(fc.nat(2000), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (attempt, r) => {
        const step = Math.min(30_000, 3000 * 2 ** attempt);
        const delay = reconnectDelay(attempt, backoff, () => r);
        return Number.isInteger(delay) && delay >= step / 2 && delay <= step;
      }),
    );
  });

  it('spreads sockets dropped together over the first step instead of one instant', () => {
    let seed = 1;
    const lcg = () => ((seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647);
    const waits = Array.from({ length: 200 }, () => reconnectDelay(0, backoff, lcg));
    expect(Math.min(...waits)).toBeLessThan(1700);
    expect(Math.max(...waits)).toBeGreaterThan(2800);
    expect(new Set(waits).size).toBeGreaterThan(150);
  });
});

describe('realtimeUrl', () => {
  it('uses wss on secure pages and ws otherwise', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'wfm.example' })).toBe('wss://wfm.example/ws');
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:8080' })).toBe('ws://localhost:8080/ws');
  });
});

describe('useRealtimeEvent', () => {
  function LastPost() {
    const [last, setLast] = useState('none');
    useRealtimeEvent('new_post', (data) => setLast(JSON.stringify(data)));
    return <output>{last}</output>;
  }

  it('delivers events of its type to a mounted component and closes the socket on unmount', () => {
    const { unmount } = render(
      <RealtimeProvider>
        <LastPost />
      </RealtimeProvider>,
    );
    const socket = FakeWebSocket.latest();
    expect(socket.url).toBe('ws://localhost:3000/ws');
    act(() => {
      socket.serverOpen();
      socket.serverSend({ type: 'post_updated', data: { id: 1, at: 1 } });
      socket.serverSend({ type: 'new_post', data: post(2) });
    });
    expect(screen.getByRole('status')).toHaveTextContent(JSON.stringify(post(2)));
    unmount();
    expect(socket.readyState).toBe(FakeWebSocket.CLOSED);
  });

  it("says hello with the session's token once the session has one", () => {
    const queryClient = new QueryClient();
    render(
      <QueryClientProvider client={queryClient}>
        <RealtimeProvider>
          <LastPost />
        </RealtimeProvider>
      </QueryClientProvider>,
    );
    const socket = FakeWebSocket.latest();
    act(() => socket.serverOpen());
    expect(hellos(socket)).toEqual([{ type: 'hello', anon_token: '', replay_ms: expect.any(Number) }]);
    act(() => queryClient.setQueryData(visitorTokenQueryOptions().queryKey, TOKEN));
    expect(hellos(socket)).toEqual([
      { type: 'hello', anon_token: '', replay_ms: expect.any(Number) },
      { type: 'hello', anon_token: TOKEN },
    ]);
    queryClient.clear();
  });

  it('refetches the queries the page shows after a reconnect (not on the first open), and marks the rest stale', async () => {
    vi.useFakeTimers();
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    let fetches = 0;
    function Feed() {
      const feed = useQuery({ queryKey: ['feed'], queryFn: () => ++fetches });
      return <output>{`fetched ${feed.data ?? 0}`}</output>;
    }
    queryClient.setQueryData(['hidden'], 'old');
    render(
      <QueryClientProvider client={queryClient}>
        <RealtimeProvider>
          <Feed />
        </RealtimeProvider>
      </QueryClientProvider>,
    );
    await act(async () => {
      await vi.waitFor(() => expect(fetches).toBe(1));
    });
    const socket = FakeWebSocket.latest();
    act(() => socket.serverOpen());
    expect(fetches).toBe(1);

    act(() => socket.serverClose());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    expect(fetches).toBe(1);
    act(() => FakeWebSocket.latest().serverOpen());
    await act(async () => {
      await vi.waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('fetched 2'));
    });
    expect(queryClient.getQueryState(['hidden'])?.isInvalidated).toBe(true);
    queryClient.clear();
  });
});
