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
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is loopback, private, link-local or otherwise not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return privateRanges.check(mapped[1]!, 'ipv4');
    return privateRanges.check(address, 'ipv6');
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
