import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const withTrustProxy = (value: string) => loadConfig({ TRUST_PROXY: value }).TRUST_PROXY;

describe('TRUST_PROXY', () => {
  it("takes what Fastify's trustProxy takes: none, all, a hop count, addresses and CIDRs", () => {
    expect(withTrustProxy('false')).toBe(false);
    expect(withTrustProxy('true')).toBe(true);
    expect(withTrustProxy('1')).toBe(1);
    expect(withTrustProxy('10.0.0.0/8, 127.0.0.1,fd00::/8')).toEqual(['10.0.0.0/8', '127.0.0.1', 'fd00::/8']);
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
  });

  it('stops the start on anything else, naming it', () => {
    expect(() => withTrustProxy('yes')).toThrow(/TRUST_PROXY: not a hop count, address or CIDR: yes/);
    expect(() => withTrustProxy('10.0.0.0/33')).toThrow(/10\.0\.0\.0\/33/);
    expect(() => withTrustProxy('1.2.3.4/8/9')).toThrow(/TRUST_PROXY/);
  });
});
