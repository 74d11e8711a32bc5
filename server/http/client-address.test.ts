import { describe, expect, it } from 'vitest';
import { clientKeyOf } from './client-address.ts';

describe('client keys for rate limits', () => {
  it('keeps IPv4 as is and unwraps IPv4-mapped IPv6', () => {
    expect(clientKeyOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('groups IPv6 by /64, however the address is written', () => {
    const key = '2001:db8:85a3:42::/64';
    expect(clientKeyOf('2001:db8:85a3:42::1')).toBe(key);
    expect(clientKeyOf('2001:0db8:85a3:0042:ffff:0:0:9')).toBe(key);
    expect(clientKeyOf('2001:DB8:85A3:42:1:2:3:4%eth0')).toBe(key);
    expect(clientKeyOf('::1')).toBe('0:0:0:0::/64');
    expect(clientKeyOf('2001:db8:85a3:43::1')).not.toBe(key);
  });
});
