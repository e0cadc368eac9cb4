import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeClient, realtimeUrl } from '../src/lib/realtime.ts';
import { RealtimeProvider, useRealtimeEvent } from '../src/lib/realtime-context.tsx';
import { FakeWebSocket } from './fake-websocket.ts';

const URL = 'ws://localhost:3000/ws';

describe('realtime client', () => {
  let client: RealtimeClient;
  const logger = { error: vi.fn() };

  beforeEach(() => {
    vi.useFakeTimers();
    logger.error.mockReset();
    client = new RealtimeClient({ url: URL, logger });
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

    socket.serverSend({ type: 'new_post', data: { id: 7 } });
    expect(newPost).toHaveBeenCalledWith({ id: 7 });
    expect(upvote).not.toHaveBeenCalled();
  });

  it('reconnects 3 seconds after the connection closes', () => {
    client.start();
    FakeWebSocket.latest().serverOpen();
    FakeWebSocket.latest().serverClose();
    expect(client.status).toBe('closed');
    expect(FakeWebSocket.instances).toHaveLength(1);

    vi.advanceTimersByTime(2999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);

    // A connection that never opens is retried the same way.
    FakeWebSocket.latest().serverClose();
    vi.advanceTimersByTime(3000);
    expect(FakeWebSocket.instances).toHaveLength(3);
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
    socket.serverSend({ type: 'new_comment', data: { id: 1 } });
    expect(after).toHaveBeenCalledWith({ id: 1 });
    expect(logger.error).toHaveBeenCalledTimes(3);
  });

  it('unsubscribes', () => {
    const listener = vi.fn();
    const off = client.subscribe('upvote', listener);
    off();
    client.start();
    FakeWebSocket.latest().serverSend({ type: 'upvote', data: {} });
    expect(listener).not.toHaveBeenCalled();
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
      socket.serverSend({ type: 'post_updated', data: { id: 1 } });
      socket.serverSend({ type: 'new_post', data: { id: 2 } });
    });
    expect(screen.getByRole('status')).toHaveTextContent('{"id":2}');
    unmount();
    expect(socket.readyState).toBe(FakeWebSocket.CLOSED);
  });
});
