import { isIPv6 } from 'node:net';

/**
 * The part of a client's address that rate limits count: an IPv4 address as it is, an IPv6
 * client by its /64, the smallest block a network hands one subscriber (counting whole IPv6
 * addresses would give an attacker 2^64 fresh ones). IPv4 written as IPv6 (`::ffff:a.b.c.d`)
 * is IPv4.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  const address = ip.split('%')[0]; // a zone (fe80::1%eth0) names an interface, not a client
  if (!isIPv6(address)) return ip;
  const [head, tail = ''] = address.toLowerCase().split('::');
  // A dotted IPv4 tail stands for two groups (only the first four groups are kept anyway).
  const groups = (part: string) =>
    part ? part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : [];
  const left = groups(head);
  const right = groups(tail);
  const full = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${full
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
