import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientAddressKey, RATE_LIMIT_MESSAGE } from '@wfm/service-kit';
import { sameHost } from './csrf.ts';
import { GATEWAY_LIMITS } from './rate-limits.ts';

/** Who may open /ws and how many; every field has an environment variable (gateway/src/env.ts). */
export interface WebsocketLimits {
  /** Open sockets per client address (IPv6: per /64) on one gateway process. */
  perAddress: number;
  /** Open sockets on one gateway process. */
  total: number;
  /** Upgrade attempts per client address per minute (shared through Redis when the gateway has it). */
  upgradesPerMinute: number;
  /** Origins besides the site's own (the request's host) whose pages may connect, as `https://host[:port]`. */
  allowedOrigins: readonly string[];
}

/**
 * Sized for a contact centre behind one NAT address: hundreds of agents, each with a tab or two
 * open, share one address.
 */
export const DEFAULT_WEBSOCKET_LIMITS: WebsocketLimits = {
  perAddress: 500,
  total: 10_000,
  // The table's default (RATE_LIMIT_GATEWAY_WS_UPGRADE_IP); buildGateway applies RATE_LIMIT_SCALE.
  upgradesPerMinute: GATEWAY_LIMITS.limits['ws-upgrade-ip'].max,
  allowedOrigins: [],
};

export const WEBSOCKET_MESSAGES = {
  perAddress: 'Too many live connections from your network, please close a tab or try again later',
  total: 'Live updates are at capacity, please try again shortly',
  origin: 'Live updates accept connections only from this site',
} as const;

type Refusal = 'address' | 'total';

/** Open-socket counts of one gateway process, per client address key and in total. */
export class WebsocketSlots {
  private readonly byAddress = new Map<string, number>();
  private open = 0;

  constructor(private readonly limits: Pick<WebsocketLimits, 'perAddress' | 'total'>) {}

  get total(): number {
    return this.open;
  }

  countFor(key: string): number {
    return this.byAddress.get(key) ?? 0;
  }

  /** Takes a slot for `key`, or says which cap is full. The release function frees it once. */
  reserve(key: string): { release: () => void } | { refused: Refusal } {
    const held = this.countFor(key);
    if (held >= this.limits.perAddress) return { refused: 'address' };
    if (this.open >= this.limits.total) return { refused: 'total' };
    this.byAddress.set(key, held + 1);
    this.open += 1;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.open -= 1;
        const left = this.countFor(key) - 1;
        if (left > 0) this.byAddress.set(key, left);
        else this.byAddress.delete(key);
      },
    };
  }
}

/** True when a page at `origin` may open the websocket of a site reached as `host`. */
export function isAllowedOrigin(origin: string, host: string | undefined, allowed: readonly string[]): boolean {
  if (sameHost(origin, host)) return true;
  try {
    return allowed.includes(new URL(origin).origin);
  } catch {
    return false;
  }
}

/**
 * The preHandler of /ws, run before the handshake: an upgrade attempt is counted against the
 * per-address rate, then refused with 403 when a browser page of another site asks (an `Origin`
 * header that is not the site's own; clients without one, e.g. scripts, pass), 429 when the client's
 * address holds `perAddress` sockets, 503 when the process holds `total`. An admitted upgrade holds
 * its slot until its TCP connection closes, however the handshake or the socket ends. Plain HTTP
 * requests (the 426 answer) pass untouched.
 */
export function websocketAdmission(
  app: FastifyInstance,
  limits: WebsocketLimits,
  slots: WebsocketSlots,
  /** Told of every refused upgrade (metrics: gateway_websocket_refusals_total). */
  onRefuse: (reason: 'rate' | 'origin' | Refusal) => void = () => {},
) {
  const allowed = limits.allowedOrigins.map((origin) => new URL(origin).origin);
  const upgradeRate = app.createRateLimit({
    max: limits.upgradesPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `ws-upgrade:${clientAddressKey(request.ip)}`,
  });

  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!request.ws) return;
    const rate = await upgradeRate(request);
    if (!rate.isAllowed && rate.isExceeded) {
      onRefuse('rate');
      return reply.code(429).header('retry-after', rate.ttlInSeconds).send({ message: RATE_LIMIT_MESSAGE });
    }
    const origin = request.headers.origin;
    if (origin !== undefined && !isAllowedOrigin(origin, request.host, allowed)) {
      onRefuse('origin');
      return reply.code(403).send({ message: WEBSOCKET_MESSAGES.origin });
    }
    const slot = slots.reserve(clientAddressKey(request.ip));
    if ('refused' in slot) {
      onRefuse(slot.refused);
      if (slot.refused === 'address') return reply.code(429).header('retry-after', 60).send({ message: WEBSOCKET_MESSAGES.perAddress });
      return reply.code(503).header('retry-after', 30).send({ message: WEBSOCKET_MESSAGES.total });
    }
    const connection = request.raw.socket;
    if (connection.destroyed) return slot.release();
    connection.once('close', slot.release);
  };
}
