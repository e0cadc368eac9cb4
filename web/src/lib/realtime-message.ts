import { RealtimeMessage } from '@wfm/contracts/shared/realtime';

/**
 * A server frame as the contracts' typed message (`{type, data}` discriminated by `type`, data
 * checked against that type's schema). Throws on anything else: not JSON, an unknown type, or data
 * of the wrong shape. Its own module: every service's event schemas (about 11 KB compressed) load
 * when the socket opens (realtime.ts), not before a page is interactive.
 */
export function parseRealtimeMessage(raw: unknown): RealtimeMessage {
  return RealtimeMessage.parse(JSON.parse(String(raw)));
}
