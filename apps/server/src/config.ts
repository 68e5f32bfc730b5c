import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText,
  PUBLIC_URL: optionalText,
  ADMIN_PASSWORD: optionalText,
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().default('Plug-in Store <no-reply@localhost>'),
  SUPPORT_EMAIL: z.string().default('support@localhost'),
  FASTSPRING_STOREFRONT: optionalText,
  FASTSPRING_WEBHOOK_SECRET: optionalText,
  FASTSPRING_API_USER: optionalText,
  FASTSPRING_API_PASSWORD: optionalText,
  LOYALTY_COUPON: z.string().default('LOYALTY15'),
  KEY_ENCRYPTION_SECRET: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  WEB_DIST_DIR: optionalText,
  /** Attempts to deliver a mail before it has failed for good (then shown to the admin, with a retry). */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(20),
  /** Days that delivered (and failed) mail stays in the outbox before the hourly clean-up deletes it. */
  MAIL_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Threads that sign key files (0: on the event loop); by default one fewer than the machine's cores, 1 to 4. */
  SIGNING_THREADS: z.coerce.number().int().min(0).max(64).optional(),
});

export type Config = z.infer<typeof configSchema> & { dataDir: string; webDistDir: string; signingThreads: number };

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
  const webDistDefault = path.resolve(import.meta.dirname, '../../web/dist');
  return {
    ...config,
    dataDir: path.resolve(config.DATA_DIR),
    webDistDir: config.WEB_DIST_DIR ? path.resolve(config.WEB_DIST_DIR) : webDistDefault,
    signingThreads: config.SIGNING_THREADS ?? Math.min(4, Math.max(1, os.availableParallelism() - 1)),
  };
}

/** Whether the local checkout stand-in replaces FastSpring (no storefront configured). */
export const isSandboxCheckout = (config: Config): boolean => config.FASTSPRING_STOREFRONT === undefined;
