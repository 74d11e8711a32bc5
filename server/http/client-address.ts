// Who is asking, for per-client rate limits: the socket's address or, behind trusted
// proxies (TRUST_PROXY), the address the outermost of them saw. Only entries our own
// proxies appended are read; anything further left in X-Forwarded-For is whatever the
// client chose to send.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { BlockList, isIP } from 'node:net';

/**
 * TRUST_PROXY: a number of proxies in front (each appends one X-Forwarded-For entry),
 * or the proxies' own addresses and networks, which is safer: the header is then read
 * only when the socket's peer is one of them.
 */
export type TrustProxy = number | { readonly list: BlockList; readonly text: string };

/** The IPv6 networks around a client's /64 that have rate-limit budgets of their own. */
export const NETWORK_SCOPES = ['/56', '/48'] as const;
export type NetworkScope = (typeof NETWORK_SCOPES)[number];

/** The rate-limit keys of one client. */
export interface ClientKeys {
  /** An IPv4 address, or an IPv6 /64. */
  client: string;
  /** IPv6: the /56 (one subscriber's allocation) and /48 (one site's) around the /64. */
  networks?: Readonly<Record<NetworkScope, string>>;
  /**
   * The network a newcomer is grouped by when a class's table in memory is full: its /48,
   * or for IPv4 its /16, so that one network filling the table spends only its own share.
   */
  network: string;
}

const UNKNOWN: ClientKeys = { client: 'unknown', network: 'unknown' };

/** "10.0.0.0/8, 127.0.0.1, ::1" → a BlockList; throws naming the entry it cannot read. */
export function parseTrustedProxies(text: string): TrustProxy {
  const list = new BlockList();
  for (const raw of text.split(',')) {
    const entry = raw.trim();
    const [address = '', bits, extra] = entry.split('/');
    const family = isIP(address);
    const max = family === 6 ? 128 : 32;
    const prefix = bits === undefined ? max : /^\d{1,3}$/.test(bits) ? Number(bits) : NaN;
    if (family === 0 || extra !== undefined || !(prefix >= 0 && prefix <= max)) {
      throw new Error(`"${entry}" is not an address or CIDR network`);
    }
    list.addSubnet(address, prefix, family === 6 ? 'ipv6' : 'ipv4');
  }
  return { list, text };
}

function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    // app.request() in tests has no socket.
    return undefined;
  }
}

/**
 * An X-Forwarded-For entry or socket address as a bare address: ports
 * ("198.51.100.7:4000", "[2001:db8::1]:443"), brackets and zone ids removed.
 * Null when it is not an address.
 */
export function bareAddress(entry: string): string | null {
  let text = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed?.[1]) text = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(':'));
  text = text.replace(/%.*$/, '');
  return isIP(text) === 0 ? null : text.toLowerCase();
}

/** Expands an IPv6 address to its eight 16-bit groups (an embedded IPv4 included). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const v4 = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (v4?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = v4[1].split('.').map(Number);
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((g) => parseInt(g, 16));
}

/** The IPv4 address held in two 16-bit groups. */
function ipv4Of(hi: number, lo: number): string {
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

function prefixOf(groups: number[], bits: 48 | 56 | 64): string {
  const kept = groups.slice(0, bits === 48 ? 3 : 4);
  if (bits === 56) kept[3] = (kept[3] ?? 0) & 0xff00;
  return `${kept.map((g) => g.toString(16)).join(':')}::/${bits}`;
}

function ipv4Keys(address: string): ClientKeys {
  const [a, b] = address.split('.');
  return { client: address, network: `${a}.${b}.0.0/16` };
}

/**
 * The IPv4 host an IPv6 address stands for, when it is one: IPv4-mapped (::ffff:a.b.c.d),
 * NAT64 (64:ff9b::a.b.c.d), 6to4 (2002:AABB:CCDD::/48 is the whole /48 of the host
 * a.b.c.d) and Teredo (2001:0::/32, the client's public IPv4 in the last 32 bits, each
 * bit inverted). Otherwise null. Keyed by its /64, a 6to4 host would own 65,536 clients.
 */
function embeddedIpv4(groups: number[]): string | null {
  const [g0 = 0, g1 = 0, g2 = 0, , , g5 = 0, g6 = 0, g7 = 0] = groups;
  if (groups.slice(0, 5).every((g) => g === 0) && g5 === 0xffff) return ipv4Of(g6, g7);
  if (g0 === 0x64 && g1 === 0xff9b && groups.slice(2, 6).every((g) => g === 0)) {
    return ipv4Of(g6, g7);
  }
  if (g0 === 0x2002) return ipv4Of(g1, g2);
  if (g0 === 0x2001 && g1 === 0) return ipv4Of(g6 ^ 0xffff, g7 ^ 0xffff);
  return null;
}

/**
 * The rate-limit keys of an address: IPv4 as is, and IPv6 addresses that stand for an
 * IPv4 host (embeddedIpv4) as that host; other IPv6 by its /64, because one subscriber
 * usually holds a whole /64, with its /56 and /48 as networks of their own.
 */
export function clientKeysOf(address: string): ClientKeys {
  const bare = bareAddress(address);
  if (bare === null) return UNKNOWN;
  if (isIP(bare) === 4) return ipv4Keys(bare);
  const groups = ipv6Groups(bare);
  const ipv4 = embeddedIpv4(groups);
  if (ipv4 !== null) return ipv4Keys(ipv4);
  const site = prefixOf(groups, 48);
  return {
    client: prefixOf(groups, 64),
    networks: { '/56': prefixOf(groups, 56), '/48': site },
    network: site,
  };
}

function isTrusted(address: string, trust: Exclude<TrustProxy, number>): boolean {
  return trust.list.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/** The client's address as the outermost trusted proxy saw it (or the socket's). */
export function clientAddress(c: Context, trust: TrustProxy): string | null {
  const socket = socketAddress(c);
  const peer = socket === undefined ? null : bareAddress(socket);
  if (trust === 0) return peer;
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (typeof trust === 'number') {
    // Each of our proxies appended one entry: the one `trust` from the right is the
    // address the outermost proxy saw.
    const entry = forwarded[Math.max(0, forwarded.length - trust)];
    return (entry === undefined ? null : bareAddress(entry)) ?? peer;
  }
  if (peer === null || !isTrusted(peer, trust)) return peer;
  // Walk from the right past our own proxies: the first other address is the client.
  for (let i = forwarded.length - 1; i >= 0; i--) {
    const hop = bareAddress(forwarded[i] ?? '');
    if (hop === null) return peer; // a garbled entry: nothing left of it can be trusted
    if (!isTrusted(hop, trust)) return hop;
    if (i === 0) return hop;
  }
  return peer;
}

/** Whether the socket's peer is one of the trusted proxies (any peer, for a count). */
export function viaTrustedProxy(c: Context, trust: TrustProxy): boolean {
  if (typeof trust === 'number') return trust > 0;
  const socket = socketAddress(c);
  const peer = socket === undefined ? null : bareAddress(socket);
  return peer !== null && isTrusted(peer, trust);
}

export function clientKeys(c: Context, trust: TrustProxy): ClientKeys {
  const address = clientAddress(c, trust);
  return address === null ? UNKNOWN : clientKeysOf(address);
}
