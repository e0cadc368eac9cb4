import { describe, expect, it } from 'vitest';
import { clientAddressKey } from '../src/client-address.ts';

describe('clientAddressKey', () => {
  it('counts an IPv4 address as itself, written or mapped', () => {
    for (const ip of ['127.0.0.1', '10.0.255.9', '0.0.0.0', '255.255.255.255', '192.168.1.10']) expect(clientAddressKey(ip)).toBe(ip);
    expect(clientAddressKey('::ffff:192.168.1.10')).toBe('192.168.1.10');
    expect(clientAddressKey('::ffff:c0a8:010a')).toBe('192.168.1.10');
  });

  it('counts every address of an IPv6 /64 as one', () => {
    expect(clientAddressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
  });

  it('does not take a look-alike of a dotted quad as one', () => {
    // Not canonical IPv4: parsed (or left as given), never passed through as a different client's key.
    expect(clientAddressKey('256.1.1.1')).toBe('256.1.1.1');
    expect(clientAddressKey('1.2.3.4 ')).toBe('1.2.3.4 ');
    expect(clientAddressKey('not an address')).toBe('not an address');
  });
});
