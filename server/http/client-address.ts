// Who is asking, for per-client rate limits: the socket's address, or, behind
// TRUST_PROXY trusted proxies, the address the outermost of them saw. Only the
// entries our own proxies appended are trusted; anything further left in
// X-Forwarded-For is whatever the client chose to send.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { isIP } from 'node:net';

function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    // app.request() in tests has no socket.
    return undefined;
  }
}

/** Expands an IPv6 address to its eight groups. */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map(
    (group) => group.replace(/^0+(?=.)/, '').toLowerCase() || '0',
  );
}

/**
 * The rate-limit key of an address: IPv4 as is (IPv4-mapped IPv6 too), IPv6 by
 * its /64, because one subscriber usually holds a whole /64 and could otherwise
 * hop between addresses to dodge the limit.
 */
export function clientKeyOf(address: string): string {
  const bare = address.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i.exec(bare);
  if (mapped?.[1]) return mapped[1];
  if (isIP(bare) === 6) return `${ipv6Groups(bare).slice(0, 4).join(':')}::/64`;
  return bare;
}

export function clientAddress(c: Context, trustProxy: number): string {
  const socket = socketAddress(c);
  if (trustProxy > 0) {
    const forwarded = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    if (forwarded.length > 0) {
      const candidate = forwarded[Math.max(0, forwarded.length - trustProxy)] ?? '';
      if (isIP(candidate.replace(/%.*$/, '')) !== 0) return clientKeyOf(candidate);
    }
  }
  return socket ? clientKeyOf(socket) : 'unknown';
}
