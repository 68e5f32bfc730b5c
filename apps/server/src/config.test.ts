import { describe, expect, it } from 'vitest';
import { defaultSharedBuffersMb, isTracingConfigured, loadConfig } from './config.js';
import { parallelWorkersPerQuery } from './db/embedded-server.js';

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

/** A real storefront with what it needs: its webhook secret and the site's address. */
const storefront = {
  FASTSPRING_STOREFRONT: 'vendor.onfastspring.com/popup-vendor',
  FASTSPRING_WEBHOOK_SECRET: 'fastspring-webhook-secret',
  PUBLIC_URL: 'https://shop.example.com',
};

describe('SANDBOX_CHECKOUT', () => {
  const sandboxOf = (env: Record<string, string>) => loadConfig({ KEY_ENCRYPTION_SECRET: 'k', ...env }).isSandboxOn;

  it('is on by default only for the zero-configuration demo start', () => {
    expect(sandboxOf({})).toBe(true);
    expect(sandboxOf({ DATABASE_URL: 'postgres://db/store' })).toBe(false);
    expect(sandboxOf({ FASTSPRING_WEBHOOK_SECRET: 'secret' })).toBe(false);
    expect(sandboxOf({ ...storefront })).toBe(false);
    expect(sandboxOf({ SANDBOX_CHECKOUT: 'off' })).toBe(false);
  });

  it('refuses to start beside a real database or webhook secret unless forced', () => {
    expect(() => sandboxOf({ SANDBOX_CHECKOUT: 'on', DATABASE_URL: 'postgres://db/store' })).toThrow(
      /lets anyone mint licences.*SANDBOX_CHECKOUT=force/s,
    );
    expect(() => sandboxOf({ SANDBOX_CHECKOUT: 'on', FASTSPRING_WEBHOOK_SECRET: 'secret' })).toThrow(/SANDBOX_CHECKOUT=force/);
    expect(sandboxOf({ SANDBOX_CHECKOUT: 'force', DATABASE_URL: 'postgres://db/store' })).toBe(true);
    expect(() => sandboxOf({ SANDBOX_CHECKOUT: 'force', FASTSPRING_STOREFRONT: 'vendor.onfastspring.com/popup-vendor' })).toThrow(
      /choose the sandbox or the storefront/,
    );
  });
});

// Review docs/reviews/2026-11-28-production.md, P2 and P3.
describe('a production start', () => {
  /** External database, a real storefront, its webhook secret, an https site. */
  const production = {
    DATABASE_URL: 'postgres://store:secret@db.internal:5432/store',
    KEY_ENCRYPTION_SECRET: 'a-key-encryption-secret-of-enough-length',
    ...storefront,
  };

  it('starts with a storefront, its webhook secret and the site address', () => {
    expect(loadConfig(production)).toMatchObject({ PUBLIC_URL: 'https://shop.example.com', isSandboxOn: false });
  });

  it('stops with a real storefront and no FASTSPRING_WEBHOOK_SECRET (every order webhook would be refused)', () => {
    for (const secret of [undefined, '', '  ']) {
      expect(() => loadConfig({ ...production, FASTSPRING_WEBHOOK_SECRET: secret })).toThrow(
        /^Invalid configuration:\nFASTSPRING_WEBHOOK_SECRET is required with FASTSPRING_STOREFRONT \(/,
      );
    }
  });

  it('stops with a real storefront and no PUBLIC_URL (mails would link to localhost), naming every missing setting', () => {
    const { PUBLIC_URL: _omitted, ...withoutPublicUrl } = production;
    expect(() => loadConfig(withoutPublicUrl)).toThrow(/^Invalid configuration:\nPUBLIC_URL is required with FASTSPRING_STOREFRONT \(/);
    expect(() => loadConfig({ FASTSPRING_STOREFRONT: production.FASTSPRING_STOREFRONT })).toThrow(
      /FASTSPRING_WEBHOOK_SECRET is required.*\nPUBLIC_URL is required/s,
    );
  });

  it('needs no PUBLIC_URL without a storefront: development and tests run on an external database without one', () => {
    const { PUBLIC_URL: _omitted, FASTSPRING_STOREFRONT: _none, ...withoutStorefront } = production;
    expect(loadConfig(withoutStorefront).PUBLIC_URL).toBeUndefined();
    expect(loadConfig({}).PUBLIC_URL).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: ' ' }).PUBLIC_URL).toBeUndefined();
  });

  it('stops on a PUBLIC_URL that is no absolute http(s) address, and drops a trailing slash', () => {
    for (const url of [
      'shop.example.com',
      'htps://shop.example.com',
      '//shop.example.com',
      '/store',
      'ftp://shop.example.com',
      'https://',
    ]) {
      expect(() => loadConfig({ ...production, PUBLIC_URL: url }), url).toThrow(
        /^Invalid configuration:\nPUBLIC_URL: not an http\(s\) URL$/,
      );
      expect(() => loadConfig({ PUBLIC_URL: url }), url).toThrow(/PUBLIC_URL: not an http\(s\) URL/);
    }
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example.com/' }).PUBLIC_URL).toBe('https://shop.example.com');
    expect(loadConfig({ PUBLIC_URL: ' http://localhost:3000 ' }).PUBLIC_URL).toBe('http://localhost:3000');
    // Spelt as the URL standard does: `https:` in lower case is what marks device cookies `Secure`.
    expect(loadConfig({ PUBLIC_URL: 'HTTPS://Shop.Example.com/' }).PUBLIC_URL).toBe('https://shop.example.com');
  });
});

describe('the embedded PostgreSQL parallel workers', () => {
  it('are one fewer than the cores, at most PostgreSQL default of 2', () => {
    expect([1, 2, 3, 8].map((cores) => parallelWorkersPerQuery(cores))).toEqual([0, 1, 2, 2]);
  });
});

describe('the embedded PostgreSQL buffer cache', () => {
  const gib = 2 ** 30;
  it('is an eighth of the memory, at least PostgreSQL default and at most 2 GB', () => {
    expect(defaultSharedBuffersMb(0.5 * gib)).toBe(128);
    expect(defaultSharedBuffersMb(4 * gib)).toBe(512);
    expect(defaultSharedBuffersMb(24 * gib)).toBe(2048);
  });

  it('takes EMBEDDED_SHARED_BUFFERS_MB over the default, and refuses what is no size', () => {
    expect(loadConfig({ EMBEDDED_SHARED_BUFFERS_MB: '256' }).embeddedSharedBuffersMb).toBe(256);
    expect(loadConfig({}).embeddedSharedBuffersMb).toBe(defaultSharedBuffersMb());
    expect(() => loadConfig({ EMBEDDED_SHARED_BUFFERS_MB: 'lots' })).toThrow(/EMBEDDED_SHARED_BUFFERS_MB/);
  });
});

describe('tracing (OpenTelemetry)', () => {
  it('runs when an OTLP endpoint is set, unless the SDK is disabled', () => {
    expect(isTracingConfigured({})).toBe(false);
    expect(isTracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ' })).toBe(false);
    expect(isTracingConfigured({ OTEL_SERVICE_NAME: 'store', OTEL_TRACES_SAMPLER: 'always_on' })).toBe(false);
    expect(isTracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(isTracingConfigured({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(true);
    expect(isTracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'TRUE' })).toBe(false);
    expect(isTracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'false' })).toBe(true);
  });

  it('stops the start on an endpoint that is not a URL', () => {
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: ' https://collector.example.com:4318 ' })).not.toThrow();
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT: not an http\(s\) URL/,
    );
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://not a url' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: '/v1/traces' })).toThrow(
      /OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: not an http\(s\) URL/,
    );
  });
});
