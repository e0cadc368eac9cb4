import { initialRenderTime } from './initial-data.ts';

/**
 * The clock a server-rendered page was made with. The gateway keeps a page until its data changes,
 * not as time passes, so a visitor may hydrate markup made hours ago: what the page computed from
 * the clock (a session's status) must come out the same while it hydrates, then move on (useNow).
 */
let serverRenderTime: number | undefined;

/** entry-server.tsx, before each render (renders are synchronous, one at a time). */
export function setServerRenderTime(ms: number): void {
  serverRenderTime = ms;
}

/** The server's time for its render; in the browser, the time the page it hydrates was made (now when there is none). */
export function pageRenderTime(): number {
  return serverRenderTime ?? initialRenderTime() ?? Date.now();
}
