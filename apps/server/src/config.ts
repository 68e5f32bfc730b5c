import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const optionalHttpUrl = optionalText.refine(
  (value) => value === undefined || (/^https?:\/\//i.test(value) && URL.canParse(value)),
  'not an http(s) URL',
);

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText,
  /**
   * The site's public address, as mailed links and the `Secure` flag of device cookies take it: an absolute http(s)
   * URL, kept as the URL standard spells it (`https://shop.example.com`: scheme and host in lower case, so that
   * `https:` is recognised) without a trailing slash. Required with a real storefront; unset, `http://localhost:$PORT`.
   */
  PUBLIC_URL: optionalHttpUrl.transform((value) => (value === undefined ? undefined : new URL(value).href.replace(/\/+$/, ''))),
  ADMIN_PASSWORD: optionalText,
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().default('Plug-in Store <no-reply@localhost>'),
  SUPPORT_EMAIL: z.string().default('support@localhost'),
  FASTSPRING_STOREFRONT: optionalText,
  FASTSPRING_WEBHOOK_SECRET: optionalText,
  FASTSPRING_API_USER: optionalText,
  FASTSPRING_API_PASSWORD: optionalText,
  /** FastSpring's API (the reconciliation job, docs/fastspring.md); with the sandbox on, the sandbox's copy is used. */
  FASTSPRING_API_URL: z.string().url().default('https://api.fastspring.com'),
  /** How often the reconciliation job asks FastSpring for the last RECONCILE_DAYS of orders and returns; 0: never. */
  RECONCILE_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
  RECONCILE_DAYS: z.coerce.number().int().min(1).max(90).default(3),
  LOYALTY_COUPON: z.string().default('LOYALTY15'),
  /**
   * The private key (PEM; `\\n` for line breaks) whose public half is set in FastSpring under Developer Tools > Store
   * Builder Library: per-customer prices (upgrades, crossgrades) go to the checkout as FastSpring's encrypted secure
   * payload (decision 036). Without it a real storefront offers no per-customer prices; the sandbox needs none.
   */
  FASTSPRING_SECURE_PRIVATE_KEY: optionalText,
  /** The Store Builder Library's access key (`data-access-key`), which secure payloads need. */
  FASTSPRING_ACCESS_KEY: optionalText,
  KEY_ENCRYPTION_SECRET: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Which proxies tell the client's address (X-Forwarded-For), as Fastify's `trustProxy` takes it: `false`
   * (none), a hop count (`1`: the one load balancer in front), addresses and CIDRs (`10.0.0.0/8,127.0.0.1`), or
   * `true` (every hop: only when nothing can reach the server except through the proxy). docs/SECURITY.md.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, context) => parseTrustProxy(value, context)),
  WEB_DIST_DIR: optionalText,
  /**
   * The checkout sandbox, where anyone can "pay" (docs/SECURITY.md): `on`, `off`, or `force` (on even with an
   * external database or a real webhook secret). Unset: on only for the zero-configuration demo start.
   */
  SANDBOX_CHECKOUT: z.enum(['on', 'off', 'force']).optional(),
  /** The installers' S3-compatible bucket (docs/decisions/023-customer-journey.md): its base URL, region and key. */
  DOWNLOADS_S3_ENDPOINT: optionalText,
  DOWNLOADS_S3_REGION: z.string().default('us-east-1'),
  DOWNLOADS_S3_ACCESS_KEY_ID: optionalText,
  DOWNLOADS_S3_SECRET_ACCESS_KEY: optionalText,
  /** How long a presigned installer link works. */
  DOWNLOADS_URL_EXPIRY_SECONDS: z.coerce.number().int().min(60).max(604800).default(900),
  /** Attempts to deliver a mail before it has failed for good (then shown to the admin, with a retry). */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(20),
  /** Days that delivered (and failed) mail stays in the outbox before the hourly clean-up deletes it. */
  MAIL_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** The embedded PostgreSQL's buffer cache in MB; by default an eighth of the machine's memory, 128 MB to 2 GB. */
  EMBEDDED_SHARED_BUFFERS_MB: z.coerce.number().int().min(16).max(65_536).optional(),
  /** GET /metrics on the app's port for a caller with this bearer token (issue 27); unset: no such route. */
  METRICS_TOKEN: optionalText.refine((token) => token === undefined || token.length >= 16, 'at least 16 characters'),
  /** GET /metrics on this port of its own, without a token (for a network only the scraper reaches). */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** How long one outbound webhook attempt may take, the whole exchange (decision 052). */
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
  /**
   * Outbound webhooks may go to loopback and private addresses (`true`); by default they may not (SSRF,
   * docs/SECURITY.md). For a receiver on the same machine or network only.
   */
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /** Days that outbound webhook events, their deliveries and log stay before the hourly clean-up deletes them. */
  WEBHOOK_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Threads that sign key files (0: on the event loop); by default one fewer than the machine's cores, 1 to 4. */
  SIGNING_THREADS: z.coerce.number().int().min(0).max(64).optional(),
  /**
   * Where traces go (OTLP over HTTP); set, tracing runs (isTracingConfigured). Checked here so that a start with a
   * malformed address stops, naming it; OpenTelemetry's SDK reads it and its other variables itself (decision 038).
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalHttpUrl,
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optionalHttpUrl,
});

/** `TRUST_PROXY` as Fastify's `trustProxy` option. */
export type TrustProxy = boolean | number | string[];

function parseTrustProxy(text: string, context: z.RefinementCtx): TrustProxy {
  const value = text.trim();
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const invalid = entries.filter((entry) => !isAddressOrCidr(entry));
  if (invalid.length > 0) {
    context.addIssue({ code: 'custom', message: `not a hop count, address or CIDR: ${invalid.join(', ')}` });
    return false;
  }
  return entries;
}

function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

export type Config = z.infer<typeof configSchema> & {
  dataDir: string;
  webDistDir: string;
  signingThreads: number;
  /** The embedded PostgreSQL's `shared_buffers` in MB (unused with DATABASE_URL). */
  embeddedSharedBuffersMb: number;
  /** The checkout sandbox runs (decided once, from SANDBOX_CHECKOUT and what else is configured). */
  isSandboxOn: boolean;
};

/**
 * Whether the checkout sandbox runs. It mints licences for anyone, so it is on by default only for the demo start
 * (embedded database, no webhook secret, no storefront), and switched on beside a real database or webhook secret
 * only when forced.
 */
function decideSandbox(config: z.infer<typeof configSchema>): boolean {
  const isProductionLike = config.DATABASE_URL !== undefined || config.FASTSPRING_WEBHOOK_SECRET !== undefined;
  const setting = config.SANDBOX_CHECKOUT;
  if (setting === undefined) return !isProductionLike && config.FASTSPRING_STOREFRONT === undefined;
  if (setting === 'off') return false;
  if (config.FASTSPRING_STOREFRONT !== undefined) {
    throw new Error(
      'Invalid configuration:\nSANDBOX_CHECKOUT is on and FASTSPRING_STOREFRONT is set: choose the sandbox or the storefront',
    );
  }
  if (setting === 'on' && isProductionLike) {
    throw new Error(
      'Invalid configuration:\nSANDBOX_CHECKOUT=on with DATABASE_URL or FASTSPRING_WEBHOOK_SECRET: the sandbox lets anyone mint licences. ' +
        'Set SANDBOX_CHECKOUT=force if this installation is really a test one.',
    );
  }
  return true;
}

/**
 * The embedded server's buffer cache when the configuration names none: an eighth of the machine's memory (it
 * shares the machine with the store's own process), at least PostgreSQL's default of 128 MB and at most 2 GB.
 * PostgreSQL's default suits a machine of 1 GB; the admin lists of a shop with a million customers need their
 * tables and indexes in the cache (decision 007).
 */
export const defaultSharedBuffersMb = (totalMemoryBytes = os.totalmem()): number =>
  Math.min(2048, Math.max(128, Math.round(totalMemoryBytes / 8 / 2 ** 20)));

/** What a real storefront (FASTSPRING_STOREFRONT: a shop that sells) cannot do without, and why. */
const requiredWithStorefront = {
  FASTSPRING_WEBHOOK_SECRET: 'without it every order webhook is refused: customers pay and receive no licence',
  PUBLIC_URL: "the site's https:// address: without it every mail links to localhost",
} as const;

/** Parses the environment once; fails fast with every problem listed. The only reader of process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const config = parsed.data;
  if (config.DATABASE_URL && !config.KEY_ENCRYPTION_SECRET) {
    throw new Error('Invalid configuration:\nKEY_ENCRYPTION_SECRET is required when DATABASE_URL is set');
  }
  const isSandboxOn = decideSandbox(config);
  if (config.FASTSPRING_STOREFRONT) {
    const missing = (Object.keys(requiredWithStorefront) as (keyof typeof requiredWithStorefront)[]).filter((name) => !config[name]);
    const problems = missing.map((name) => `${name} is required with FASTSPRING_STOREFRONT (${requiredWithStorefront[name]})`);
    if (problems.length > 0) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const webDistDefault = path.resolve(import.meta.dirname, '../../web/dist');
  return {
    ...config,
    dataDir: path.resolve(config.DATA_DIR),
    webDistDir: config.WEB_DIST_DIR ? path.resolve(config.WEB_DIST_DIR) : webDistDefault,
    signingThreads: config.SIGNING_THREADS ?? Math.min(4, Math.max(1, os.availableParallelism() - 1)),
    embeddedSharedBuffersMb: config.EMBEDDED_SHARED_BUFFERS_MB ?? defaultSharedBuffersMb(),
    isSandboxOn,
  };
}

/**
 * Whether tracing runs (decision 038): an OTLP endpoint is set (OTEL_EXPORTER_OTLP_ENDPOINT, or the traces' own
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) and OpenTelemetry's OTEL_SDK_DISABLED is not `true`. production-entry.ts asks
 * before anything else loads, since tracing must patch node:http, pg and Fastify before they are imported.
 */
export function isTracingConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  const isSet = (name: string) => (env[name] ?? '').trim() !== '';
  const isEndpointSet = isSet('OTEL_EXPORTER_OTLP_ENDPOINT') || isSet('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT');
  return isEndpointSet && env.OTEL_SDK_DISABLED?.trim().toLowerCase() !== 'true';
}

/** Whether the local checkout stand-in replaces FastSpring (decided at start-up; see `decideSandbox`). */
export const isSandboxCheckout = (config: Config): boolean => config.isSandboxOn;
