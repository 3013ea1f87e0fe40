/**
 * Who a client is, for counting its failures apart from everyone else's: its IP address (an
 * IPv6 address by its /64, the block one subscriber holds), keyed with the server secret so the
 * database never stores the address itself.
 */
import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

/** The address as counted: IPv4 as is (IPv4-mapped IPv6 too), IPv6 by its first 64 bits. */
export function clientNetwork(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.padStart(4, '0'))
    .join(':')}::/64`;
}

/** The client's key: an HMAC of its network under `secret`, 128 bits in base64url. */
export function clientKey(secret: string, ip: string): string {
  return createHmac('sha256', secret)
    .update(`velvet-client:${clientNetwork(ip)}`)
    .digest('base64url')
    .slice(0, 22);
}
