import ipaddr from 'ipaddr.js';
import { clientAddressKey } from '../client-address.ts';

/**
 * The keys one client address counts under for the pressure budgets: its own key as every
 * per-address limit counts it (IPv4 address, IPv6 /64, see clientAddressKey), and for IPv6 also the
 * wider /48 network, which has a budget of its own (PRESSURE_NETWORK_FACTOR times the address's): a
 * subscriber or host given a /48 can pick a fresh /64 for every request, but not a fresh /48.
 */
export interface PressureAddressKeys {
  /** IPv4 address or IPv6 /64: the key per-address limits use. */
  address: string;
  /** The IPv6 /48 network, or undefined for IPv4 (and anything that does not parse). */
  network?: string;
}

export function pressureAddressKeys(ip: string): PressureAddressKeys {
  const address = clientAddressKey(ip);
  if (!address.endsWith('::/64') || !ipaddr.isValid(ip)) return { address };
  const parsed = ipaddr.process(ip);
  if (parsed.kind() !== 'ipv6') return { address };
  const network = (parsed as ipaddr.IPv6).parts.slice(0, 3).map((part) => part.toString(16));
  return { address, network: `${network.join(':')}::/48` };
}
