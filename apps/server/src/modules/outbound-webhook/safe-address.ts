import { lookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

// Outbound webhooks go to addresses the administrator types in: without WEBHOOK_ALLOW_PRIVATE_ADDRESSES they may
// not reach this machine or its private network (SSRF; docs/SECURITY.md). The check runs on the address the
// connection is actually made to (the lookup of the socket), so a name that resolves differently later cannot
// slip past it.

const privateRanges = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  // Unspecified, loopback, and the deprecated IPv4-compatible addresses (::a.b.c.d, RFC 4291), which nothing public
  // uses.
  ['::', 96],
  // Local-use NAT64 (RFC 8215): a translator of the operator's own network, whatever IPv4 address it embeds.
  ['64:ff9b:1::', 48],
  // Discard-only (RFC 6666).
  ['100::', 64],
  // Teredo (RFC 4380): tunnelled to an IPv4 host behind a NAT, whose address is hidden in the last bits.
  ['2001::', 32],
  // Documentation (RFC 3849).
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address that isIP accepted (a zone such as `%eth0` is left out). */
function ipv6Groups(address: string): number[] {
  let text = address.replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const left = groups(head);
  if (tail === undefined) return left;
  const right = groups(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/**
 * The IPv4 address an IPv6 address stands for, where the network turns one into the other: IPv4-mapped
 * (`::ffff:0:0/96`) and IPv4-translated (`::ffff:0:0:0/96`, RFC 2765), the well-known NAT64 prefix (`64:ff9b::/96`,
 * RFC 6052: a host on an IPv6-only network with a NAT64 gateway reaches that IPv4 address) and 6to4 (`2002::/16`,
 * RFC 3056: the relay's IPv4 address is bits 16-47). Undefined for any other address.
 */
function embeddedIpv4(address: string): string | undefined {
  const g = ipv6Groups(address);
  const zeroUpTo = (end: number) => g.slice(0, end).every((group) => group === 0);
  if (zeroUpTo(5) && g[5] === 0xffff) return ipv4Of(g[6]!, g[7]!);
  if (zeroUpTo(4) && g[4] === 0xffff && g[5] === 0) return ipv4Of(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((group) => group === 0)) return ipv4Of(g[6]!, g[7]!);
  if (g[0] === 0x2002) return ipv4Of(g[1]!, g[2]!);
  return undefined;
}

/**
 * Whether an IP address is loopback, private, link-local or otherwise not on the public internet. An IPv6 address
 * that stands for an IPv4 address (mapped, NAT64, 6to4) is judged by that IPv4 address (review W3).
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    const embedded = embeddedIpv4(address);
    if (embedded !== undefined) return privateRanges.check(embedded, 'ipv4');
    return privateRanges.check(address.replace(/%.*$/, ''), 'ipv6');
  }
  return privateRanges.check(address, 'ipv4');
}

export class PrivateAddressRefused extends Error {}

/** A socket lookup that refuses private addresses (for http.request's `lookup`). */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((entry) => isPrivateAddress(entry.address));
    if (refused) return callback(new PrivateAddressRefused(`${hostname} resolves to a private address (${refused.address})`), '', 0);
    if (options.all) return (callback as unknown as (error: null, all: LookupAddress[]) => void)(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
};

/** Refuses a URL whose host is written as a private IP address (a literal address is never looked up). */
export function refuseLiteralPrivateHost(url: URL): void {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0 && isPrivateAddress(host)) throw new PrivateAddressRefused(`${host} is a private address`);
}
