import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import {
  bareAddress,
  clientKeys,
  clientKeysOf,
  parseTrustedProxies,
  type ClientKeys,
  type TrustProxy,
} from './client-address.ts';

describe('client keys for rate limits', () => {
  it('keeps IPv4 as is; IPv4-mapped and NAT64 IPv6 count as the IPv4 they carry', () => {
    expect(clientKeysOf('203.0.113.7')).toEqual({ client: '203.0.113.7' });
    expect(clientKeysOf('::ffff:203.0.113.7')).toEqual({ client: '203.0.113.7' });
    expect(clientKeysOf('::FFFF:cb00:7107')).toEqual({ client: '203.0.113.7' });
    expect(clientKeysOf('64:ff9b::203.0.113.7')).toEqual({ client: '203.0.113.7' });
    expect(clientKeysOf('64:ff9b::cb00:7107')).toEqual({ client: '203.0.113.7' });
  });

  it('groups IPv6 by /64, however the address is written, with its /56 as the aggregate', () => {
    const keys = { client: '2001:db8:85a3:42::/64', aggregate: '2001:db8:85a3:0::/56' };
    expect(clientKeysOf('2001:db8:85a3:42::1')).toEqual(keys);
    expect(clientKeysOf('2001:0db8:85a3:0042:ffff:0:0:9')).toEqual(keys);
    expect(clientKeysOf('2001:DB8:85A3:42:1:2:3:4%eth0')).toEqual(keys);
    expect(clientKeysOf('[2001:db8:85a3:42::1]:443')).toEqual(keys);
    expect(clientKeysOf('2001:db8:85a3:43::1').client).not.toBe(keys.client);
    expect(clientKeysOf('2001:db8:85a3:43::1').aggregate).toBe(keys.aggregate);
    expect(clientKeysOf('2001:db8:85a3:142::1').aggregate).not.toBe(keys.aggregate);
    expect(clientKeysOf('::1')).toEqual({ client: '0:0:0:0::/64', aggregate: '0:0:0:0::/56' });
  });

  it('reads entries with ports and brackets, and refuses what is not an address', () => {
    expect(bareAddress('198.51.100.7:4000')).toBe('198.51.100.7');
    expect(bareAddress(' [2001:db8::1]:443 ')).toBe('2001:db8::1');
    expect(bareAddress('[2001:db8::1]')).toBe('2001:db8::1');
    expect(bareAddress('fe80::1%eth0')).toBe('fe80::1');
    for (const junk of ['', 'unknown', 'example.com', '1.2.3', '999.1.1.1', '::g']) {
      expect(bareAddress(junk)).toBeNull();
    }
    expect(clientKeysOf('not an address')).toEqual({ client: 'unknown' });
  });
});

describe('trusted proxies', () => {
  it('parses a list of addresses and networks, naming the entry it cannot read', () => {
    const trust = parseTrustedProxies('127.0.0.1/32, 10.0.0.0/8,::1, 2001:db8::/32');
    expect(typeof trust).toBe('object');
    for (const bad of ['10.0.0.0/33', 'proxy.local', '10.0.0.0/8/1', '::1/129', '10.0.0.0/x']) {
      expect(() => parseTrustedProxies(`127.0.0.1,${bad}`)).toThrow(bad);
    }
  });

  function keysSeen(trust: TrustProxy, peer: string, forwardedFor?: string): Promise<ClientKeys> {
    const app = new Hono();
    let seen: ClientKeys = { client: 'none' };
    app.get('/', (c) => {
      seen = clientKeys(c, trust);
      return c.text('ok');
    });
    const headers: Record<string, string> = forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {};
    const env = { incoming: { socket: { remoteAddress: peer, remotePort: 5000 } } };
    return Promise.resolve(app.request('/', { headers }, env)).then(() => seen);
  }

  it('with a list, reads X-Forwarded-For only from a trusted peer, walking past trusted hops', async () => {
    const trust = parseTrustedProxies('10.0.0.0/8, 192.0.2.10');
    // An untrusted peer cannot choose its identity.
    expect(await keysSeen(trust, '203.0.113.5', '198.51.100.1')).toEqual({ client: '203.0.113.5' });
    // Through the load balancer (192.0.2.10) and an inner proxy (10.1.2.3).
    expect(await keysSeen(trust, '10.1.2.3', '6.6.6.6, 198.51.100.7:4000, 192.0.2.10')).toEqual({
      client: '198.51.100.7',
    });
    expect(await keysSeen(trust, '10.1.2.3', '[2001:db8:1:2::9]:443')).toEqual(
      clientKeysOf('2001:db8:1:2::9'),
    );
    // Every hop trusted: the leftmost one is the client (an internal caller).
    expect(await keysSeen(trust, '10.1.2.3', '10.9.9.9')).toEqual({ client: '10.9.9.9' });
    // No header: the peer itself.
    expect(await keysSeen(trust, '10.1.2.3')).toEqual({ client: '10.1.2.3' });
    // A mapped IPv4 peer is checked as the IPv4 it is.
    expect(await keysSeen(trust, '::ffff:10.1.2.3', '198.51.100.8')).toEqual({
      client: '198.51.100.8',
    });
  });

  it('with a number, takes the entry that many from the right (ports allowed)', async () => {
    expect(await keysSeen(1, '10.0.0.2', '9.9.9.9, 198.51.100.1:1234')).toEqual({
      client: '198.51.100.1',
    });
    expect(await keysSeen(2, '10.0.0.2', '9.9.9.9, 198.51.100.1, 10.0.0.3')).toEqual({
      client: '198.51.100.1',
    });
    // A garbled entry falls back to the socket.
    expect(await keysSeen(1, '10.0.0.2', 'garbage')).toEqual({ client: '10.0.0.2' });
    expect(await keysSeen(0, '10.0.0.2', '198.51.100.1')).toEqual({ client: '10.0.0.2' });
  });
});
