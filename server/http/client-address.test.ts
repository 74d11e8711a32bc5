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

const ipv4 = (address: string): ClientKeys => {
  const [a, b] = address.split('.');
  return { client: address, network: `${a}.${b}.0.0/16` };
};

describe('client keys for rate limits', () => {
  it('keeps IPv4 as is, in its /16; IPv4-mapped and NAT64 IPv6 count as the IPv4 they carry', () => {
    expect(clientKeysOf('203.0.113.7')).toEqual(ipv4('203.0.113.7'));
    expect(clientKeysOf('::ffff:203.0.113.7')).toEqual(ipv4('203.0.113.7'));
    expect(clientKeysOf('::FFFF:cb00:7107')).toEqual(ipv4('203.0.113.7'));
    expect(clientKeysOf('64:ff9b::203.0.113.7')).toEqual(ipv4('203.0.113.7'));
    expect(clientKeysOf('64:ff9b::cb00:7107')).toEqual(ipv4('203.0.113.7'));
  });

  it('keys 6to4 and Teredo addresses by the IPv4 host they stand for', () => {
    // 6to4: 2002:cb00:7107::/48 is the whole /48 of 203.0.113.7; any /64 of it is that host.
    expect(clientKeysOf('2002:cb00:7107::1')).toEqual(ipv4('203.0.113.7'));
    expect(clientKeysOf('2002:cb00:7107:ffff:1:2:3:4')).toEqual(ipv4('203.0.113.7'));
    // Teredo: server 65.54.227.120, client 192.0.2.45 behind its NAT, port 40000, the
    // client's address and port with every bit inverted (the RFC 4380 example).
    expect(clientKeysOf('2001:0:4136:e378:8000:63bf:3fff:fdd2')).toEqual(ipv4('192.0.2.45'));
    // Another Teredo client of the same server is another client.
    expect(clientKeysOf('2001:0:4136:e378:8000:63bf:3fff:fdd3').client).toBe('192.0.2.44');
    // 2001:db8::/32 (documentation) and 2001:1::/32 are not Teredo.
    expect(clientKeysOf('2001:1:4136:e378:8000:63bf:3fff:fdd2').client).toBe(
      '2001:1:4136:e378::/64',
    );
  });

  it('groups IPv6 by /64, however the address is written, with its /56 and /48 as networks', () => {
    const keys = {
      client: '2001:db8:85a3:42::/64',
      networks: { '/56': '2001:db8:85a3:0::/56', '/48': '2001:db8:85a3::/48' },
      network: '2001:db8:85a3::/48',
    };
    expect(clientKeysOf('2001:db8:85a3:42::1')).toEqual(keys);
    expect(clientKeysOf('2001:0db8:85a3:0042:ffff:0:0:9')).toEqual(keys);
    expect(clientKeysOf('2001:DB8:85A3:42:1:2:3:4%eth0')).toEqual(keys);
    expect(clientKeysOf('[2001:db8:85a3:42::1]:443')).toEqual(keys);
    expect(clientKeysOf('2001:db8:85a3:43::1').client).not.toBe(keys.client);
    expect(clientKeysOf('2001:db8:85a3:43::1').networks).toEqual(keys.networks);
    expect(clientKeysOf('2001:db8:85a3:142::1').networks?.['/56']).not.toBe(keys.networks['/56']);
    expect(clientKeysOf('2001:db8:85a3:142::1').networks?.['/48']).toBe(keys.networks['/48']);
    expect(clientKeysOf('2001:db8:85a4:42::1').network).not.toBe(keys.network);
    expect(clientKeysOf('::1')).toEqual({
      client: '0:0:0:0::/64',
      networks: { '/56': '0:0:0:0::/56', '/48': '0:0:0::/48' },
      network: '0:0:0::/48',
    });
  });

  it('reads entries with ports and brackets, and refuses what is not an address', () => {
    expect(bareAddress('198.51.100.7:4000')).toBe('198.51.100.7');
    expect(bareAddress(' [2001:db8::1]:443 ')).toBe('2001:db8::1');
    expect(bareAddress('[2001:db8::1]')).toBe('2001:db8::1');
    expect(bareAddress('fe80::1%eth0')).toBe('fe80::1');
    for (const junk of ['', 'unknown', 'example.com', '1.2.3', '999.1.1.1', '::g']) {
      expect(bareAddress(junk)).toBeNull();
    }
    expect(clientKeysOf('not an address')).toEqual({ client: 'unknown', network: 'unknown' });
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
    let seen: ClientKeys = { client: 'none', network: 'none' };
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
    expect(await keysSeen(trust, '203.0.113.5', '198.51.100.1')).toEqual(ipv4('203.0.113.5'));
    // Through the load balancer (192.0.2.10) and an inner proxy (10.1.2.3).
    expect(await keysSeen(trust, '10.1.2.3', '6.6.6.6, 198.51.100.7:4000, 192.0.2.10')).toEqual(
      ipv4('198.51.100.7'),
    );
    expect(await keysSeen(trust, '10.1.2.3', '[2001:db8:1:2::9]:443')).toEqual(
      clientKeysOf('2001:db8:1:2::9'),
    );
    // Every hop trusted: the leftmost one is the client (an internal caller).
    expect(await keysSeen(trust, '10.1.2.3', '10.9.9.9')).toEqual(ipv4('10.9.9.9'));
    // No header: the peer itself.
    expect(await keysSeen(trust, '10.1.2.3')).toEqual(ipv4('10.1.2.3'));
    // A mapped IPv4 peer is checked as the IPv4 it is.
    expect(await keysSeen(trust, '::ffff:10.1.2.3', '198.51.100.8')).toEqual(ipv4('198.51.100.8'));
  });

  it('with a number, takes the entry that many from the right (ports allowed)', async () => {
    expect(await keysSeen(1, '10.0.0.2', '9.9.9.9, 198.51.100.1:1234')).toEqual(
      ipv4('198.51.100.1'),
    );
    expect(await keysSeen(2, '10.0.0.2', '9.9.9.9, 198.51.100.1, 10.0.0.3')).toEqual(
      ipv4('198.51.100.1'),
    );
    // A garbled entry falls back to the socket.
    expect(await keysSeen(1, '10.0.0.2', 'garbage')).toEqual(ipv4('10.0.0.2'));
    expect(await keysSeen(0, '10.0.0.2', '198.51.100.1')).toEqual(ipv4('10.0.0.2'));
  });
});
