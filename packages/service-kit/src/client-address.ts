import ipaddr from 'ipaddr.js';

const OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])';
/** An IPv4 address written as ipaddr.js writes it (no leading zeros, each part 0-255). */
const CANONICAL_IPV4 = new RegExp(`^${OCTET}\\.${OCTET}\\.${OCTET}\\.${OCTET}$`);

/**
 * The key a per-address limit counts a client under: the IPv4 address (an IPv4-mapped IPv6
 * address counts as its IPv4 address), or the /64 network of an IPv6 address, since one
 * subscriber usually holds a whole /64 and can pick a fresh address from it for every request.
 * Anything that does not parse as an address is returned as given.
 */
export function clientAddressKey(ip: string): string {
  // Most callers come as a plain dotted quad, which is its own key: no parse on every request.
  if (CANONICAL_IPV4.test(ip)) return ip;
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const network = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${network.join(':')}::/64`;
}
