import { RealtimeMessage } from '@wfm/contracts/shared';
import { useEffect, useRef } from 'react';

type Listener = (message: RealtimeMessage) => void;

const RECONNECT_MS = 5_000;
const listeners = new Set<Listener>();
let socket: WebSocket | null = null;
let reconnectTimer: ReturnType<typeof setTimeout> | undefined;

function connect(): void {
  if (socket !== null || typeof WebSocket === 'undefined') return;
  const url = `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/ws`;
  try {
    socket = new WebSocket(url);
  } catch {
    return;
  }
  socket.onmessage = (event) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(String(event.data));
    } catch {
      return;
    }
    const message = RealtimeMessage.safeParse(parsed);
    if (message.success) for (const listener of listeners) listener(message.data);
  };
  socket.onclose = () => {
    socket = null;
    if (listeners.size > 0) reconnectTimer = setTimeout(connect, RECONNECT_MS);
  };
}

function disconnect(): void {
  clearTimeout(reconnectTimer);
  const open = socket;
  socket = null;
  open?.close();
}

/**
 * Calls `onMessage` with every typed message of the gateway's public websocket while mounted. All
 * tabs share one socket, opened with the first listener and closed with the last; it reconnects
 * after a drop.
 */
export function useRealtimeMessages(onMessage: Listener): void {
  const latest = useRef(onMessage);
  latest.current = onMessage;
  useEffect(() => {
    const listener: Listener = (message) => latest.current(message);
    listeners.add(listener);
    connect();
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) disconnect();
    };
  }, []);
}
