import { scaledMax } from '@wfm/service-kit';
import { pressureAddressKeys } from '@wfm/service-kit/pressure';
import type { AmaContext } from '../context.ts';

/** Where a booking came from, as the seat share counts it. */
export interface BookingAddress {
  /** IPv4 address or IPv6 /64 (the key every per-address limit uses). */
  address_key: string;
  /** The IPv6 /48, or null for IPv4. */
  network_key: string | null;
}

export function bookingAddress(ip: string): BookingAddress {
  const keys = pressureAddressKeys(ip);
  return { address_key: keys.address, network_key: keys.network ?? null };
}

export interface SeatShare {
  /** Pending-payment bookings one address (IPv4, IPv6 /64) may hold in the session. */
  address: number;
  /** Pending-payment bookings one IPv6 /48 may hold in the session. */
  network: number;
}

/**
 * The share of a session's seats one address may hold pending payment: the larger of
 * AMA_SEAT_SHARE_MIN and AMA_SEAT_SHARE_PERCENT % of the seats (rounded up), scaled by
 * RATE_LIMIT_SCALE like every per-address limit; an IPv6 /48 gets AMA_SEAT_SHARE_NETWORK_FACTOR
 * times that. Null for a session without a seat limit (nothing scarce to squat).
 */
export function seatShare(ctx: Pick<AmaContext, 'env' | 'rateLimitSettings'>, maxParticipants: number | null): SeatShare | null {
  if (maxParticipants === null) return null;
  const base = Math.max(ctx.env.AMA_SEAT_SHARE_MIN, Math.ceil((maxParticipants * ctx.env.AMA_SEAT_SHARE_PERCENT) / 100));
  const address = scaledMax(base, ctx.rateLimitSettings.scale);
  return { address, network: address * ctx.env.AMA_SEAT_SHARE_NETWORK_FACTOR };
}
