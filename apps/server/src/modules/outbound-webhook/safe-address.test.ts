import { describe, expect, it } from 'vitest';
import { isPrivateAddress, PrivateAddressRefused, refuseLiteralPrivateHost } from './safe-address.js';

describe('the addresses outbound webhooks may not reach', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fd00::1',
    'fe80::1',
    '::ffff:127.0.0.1',
  ])('refuses %s', (address) => expect(isPrivateAddress(address)).toBe(true));

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8', '172.32.0.1'])('allows %s', (address) =>
    expect(isPrivateAddress(address)).toBe(false),
  );

  // IPv6 forms that carry an IPv4 address (review W3): a NAT64 gateway or a 6to4 relay turns them into the IPv4
  // address inside, so that address is what is judged; the local-use NAT64 prefix, IPv4-compatible addresses,
  // Teredo, the discard prefix and the documentation prefix are never a public receiver.
  it.each([
    ['64:ff9b::a9fe:a9fe', 'NAT64 of 169.254.169.254 (cloud metadata)'],
    ['64:ff9b::a00:1', 'NAT64 of 10.0.0.1'],
    ['64:ff9b::127.0.0.1', 'NAT64 of 127.0.0.1, written with its IPv4 tail'],
    ['64:ff9b:1::a00:1', 'local-use NAT64 (RFC 8215)'],
    ['64:ff9b:1:2:3:4:808:808', 'local-use NAT64, whatever it embeds'],
    ['2002:7f00:1::1', '6to4 of 127.0.0.1'],
    ['2002:c0a8:101::', '6to4 of 192.168.1.1'],
    ['::a9fe:a9fe', 'IPv4-compatible 169.254.169.254'],
    ['::8.8.8.8', 'IPv4-compatible, deprecated whatever it embeds'],
    ['::ffff:0:a00:1', 'IPv4-translated 10.0.0.1 (RFC 2765)'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['100::1', 'discard-only'],
    ['2001:db8::1', 'documentation'],
  ])('refuses %s (%s)', (address) => expect(isPrivateAddress(address)).toBe(true));

  it.each([
    ['64:ff9b::808:808', 'NAT64 of 8.8.8.8 (an IPv6-only host reaching a public IPv4 receiver)'],
    ['64:ff9b::5db8:d70e', 'NAT64 of 93.184.215.14'],
    ['2002:808:808::1', '6to4 of 8.8.8.8'],
  ])('allows %s (%s)', (address) => expect(isPrivateAddress(address)).toBe(false));

  it('refuses a URL whose host is a private address written out, and lets names through to the lookup', () => {
    expect(() => refuseLiteralPrivateHost(new URL('http://[::1]:8080/hook'))).toThrow(PrivateAddressRefused);
    expect(() => refuseLiteralPrivateHost(new URL('http://169.254.169.254/latest/meta-data'))).toThrow(PrivateAddressRefused);
    expect(() => refuseLiteralPrivateHost(new URL('http://[64:ff9b::a9fe:a9fe]/latest/meta-data'))).toThrow(PrivateAddressRefused);
    expect(() => refuseLiteralPrivateHost(new URL('http://[64:ff9b::10.0.0.5]/hook'))).toThrow(PrivateAddressRefused);
    expect(() => refuseLiteralPrivateHost(new URL('https://hooks.example.com/store'))).not.toThrow();
  });
});
