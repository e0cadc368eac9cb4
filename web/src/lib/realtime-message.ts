import { RealtimeMessage } from '@wfm/contracts/shared';

/**
 * A decoded server frame as the contracts' typed message (`{type, data}` discriminated by `type`,
 * data checked against that type's schema). Throws on an unknown type or data of the wrong shape.
 *
 * Its own module because importing it builds the schema of every message type of every service:
 * the realtime client loads it when the first message somebody listens to arrives
 * (realtime.ts), not on every first visit.
 */
export function checkRealtimeMessage(frame: unknown): RealtimeMessage {
  return RealtimeMessage.parse(frame);
}

/** A server frame (JSON text) as the contracts' typed message; throws on anything else. */
export function parseRealtimeMessage(raw: unknown): RealtimeMessage {
  return checkRealtimeMessage(JSON.parse(String(raw)));
}
