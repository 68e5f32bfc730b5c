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

  it('refuses a URL whose host is a private address written out, and lets names through to the lookup', () => {
    expect(() => refuseLiteralPrivateHost(new URL('http://[::1]:8080/hook'))).toThrow(PrivateAddressRefused);
    expect(() => refuseLiteralPrivateHost(new URL('http://169.254.169.254/latest/meta-data'))).toThrow(PrivateAddressRefused);
    expect(() => refuseLiteralPrivateHost(new URL('https://hooks.example.com/store'))).not.toThrow();
  });
});
