/**
 * The address a client is throttled under (server/src/platform/README.md « Login throttling »), as a
 * plain function (server/test/client-address.test.ts):
 * - an IPv4 address written the IPv6 way (`::ffff:203.0.113.7`, what a dual-stack socket reports
 *   for an IPv4 peer) is that IPv4 address: one client, one counter, however it connected;
 * - an IPv6 address counts by its /64 network (`2001:db8:1:2::/64`): a single subscriber or host
 *   usually receives a whole /64 and may pick any of its 2^64 addresses, so counting per address
 *   would give each guess a fresh counter. A /64 is the smallest prefix an ISP hands out (RFC 6177).
 * Anything else (an IPv4 address, an unparseable value) is kept as it is.
 */
import { isIP } from 'node:net';

/** The 8 groups of an IPv6 address (already checked by isIP), `::` and a trailing IPv4 expanded. */
function groupsOf(address: string): number[] {
  let text = address;
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  if (tail === undefined) return left;
  return [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
}

export function throttleAddress(ip: string): string {
  let address = ip.trim();
  if (address.startsWith('[') && address.endsWith(']')) address = address.slice(1, -1);
  // a zone (`fe80::1%eth0`) names the local interface, not the client
  const zone = address.indexOf('%');
  if (zone >= 0) address = address.slice(0, zone);
  if (isIP(address) !== 6) return ip;
  const g = groupsOf(address);
  // ::ffff:a.b.c.d (IPv4-mapped), in its dotted or hexadecimal form
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) {
    return [g[6] >> 8, g[6] & 0xff, g[7] >> 8, g[7] & 0xff].join('.');
  }
  return `${g.slice(0, 4).map((x) => x.toString(16)).join(':')}::/64`;
}
