import { OFFLINE_DEVICE_NAME } from '@store/contracts/constants';
import { isAcceptedEmail } from '@store/contracts/email-address';
import { messages } from '@store/contracts/messages';
import type { TrialList } from '@store/contracts/trial';
import { withTransaction, type Db, type Queryable } from '../../db/client.js';
import { AppError, badRequest, notFound } from '../../lib/app-error.js';
import { hitRateLimit, type RateLimitRule } from '../../lib/rate-limit.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { bindDependencies } from '../../lib/service-object.js';
import { JUCE_WRONG_PRODUCT_MESSAGE } from '../../licensing/juce-unlock-reply.js';
import type { KeyFileSigner } from '../../licensing/signing-pool.js';
import { findDeviceIdProblem } from '../device/index.js';
import { createTrialKeyFile, isSignedWithCurrentKey } from '../order/index.js';
import { emitWebhookEvent } from '../outbound-webhook/index.js';
import { findProductById, isBundleProduct, type ProductCache, type ProductRow } from '../product/index.js';
import * as repository from './trial.repository.js';

/** Trials anyone may ask for, per address: a studio's handful of computers and products, never a farm. */
export const trialPerIp: RateLimitRule = { name: 'trial-ip', limit: 20, windowSeconds: 60 * 60 };

const DAY_MS = 24 * 60 * 60 * 1000;
const TRIAL_USER = 'Trial';

export type TrialGrant = { product: ProductRow; keyFile: string; expiresAt: Date; isNew: boolean };

type TrialOptions = {
  db: Db;
  products: ProductCache;
  secretBox: SecretBox;
  signer: KeyFileSigner;
  ip: string;
  productName: string;
  deviceId: string;
  email: string;
  deviceName: string;
  source: repository.TrialRow['source'];
  /** The plug-in's product ID must be the product's name exactly (JUCE compares `app` case-sensitively). */
  isExactNameRequired: boolean;
};

const formatDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Starts the product's trial on one computer and answers its expiring key file (decision 017). One trial per
 * computer and product, held by the database: the same computer again gets its trial's key back while it runs,
 * and a refusal once it has ended. A trial never becomes a licence; it only expires.
 */
async function startTrial(options: TrialOptions): Promise<TrialGrant> {
  const { db, deviceId } = options;
  await hitRateLimit(db, trialPerIp, options.ip);
  const problem = findDeviceIdProblem(deviceId, options.source === 'web' ? OFFLINE_DEVICE_NAME : '');
  if (problem) throw badRequest(options.source === 'web' ? problem : `This computer cannot start a trial: ${problem}`);
  // The plug-in's form takes any text: an address or nothing, as on the website.
  if (options.email !== '' && !isAcceptedEmail(options.email)) throw badRequest(messages.emailInvalid);
  const product = await options.products.byName(db, options.productName);
  if (!product) throw badRequest(`Unknown product "${options.productName}".`);
  if (options.isExactNameRequired && product.name !== options.productName) throw badRequest(JUCE_WRONG_PRODUCT_MESSAGE);
  // A bundle is no plug-in: its products each have a trial (decision 104).
  if (await isBundleProduct(db, product.id)) throw badRequest(`${product.name} is a bundle: start the trial of one of its plug-ins.`);

  const existing = await repository.findTrial(db, product.id, deviceId);
  if (existing) return answerExistingTrial(options, product, existing);

  const startedAt = new Date();
  const expiresAt = new Date(startedAt.getTime() + product.trial_days * DAY_MS);
  const keyFile = await signTrialKey(options, product, expiresAt);
  const inserted = await withTransaction(db, async (client) => {
    const trial = await repository.insertTrial(client, {
      product_id: product.id,
      device_id: deviceId,
      device_name: options.deviceName.slice(0, 200),
      email: options.email,
      source: options.source,
      key_file: keyFile,
      startedAt,
      expiresAt,
    });
    if (trial) {
      const data = { productId: product.id, productName: product.name, deviceName: options.deviceName.slice(0, 200), email: options.email };
      await emitWebhookEvent(client, {
        type: 'trial.started',
        data: { ...data, source: options.source, expiresAt: expiresAt.toISOString() },
      });
    }
    return trial;
  });
  if (inserted) return { product, keyFile, expiresAt, isNew: true };
  // A concurrent request of the same computer won: its trial is the one.
  const winner = await repository.findTrial(db, product.id, deviceId);
  if (!winner) throw new AppError('conflict', 'The trial could not be started. Please try again.');
  return answerExistingTrial(options, product, winner);
}

/** The trial's key file for the asking computer, until `expiresAt`. */
async function signTrialKey(options: TrialOptions, product: ProductRow, expiresAt: Date): Promise<string> {
  const keyFile = await createTrialKeyFile({
    product,
    // Nobody proved the address given with a trial: it is kept with the trial for the vendor, and the key file,
    // which the product signs, names no one (only an owner's key file is taken as proof, licence-key-match.ts).
    holder: { name: TRIAL_USER, email: TRIAL_USER.toLowerCase() },
    secretBox: options.secretBox,
    deviceId: options.deviceId,
    expiryTime: expiresAt,
    signer: options.signer,
  });
  if (keyFile === '') throw new AppError('unavailable', `Trials of ${product.name} are not available yet. Please try again later.`);
  return keyFile;
}

/**
 * The computer's trial again: its key file while it runs (signed anew, to the same end, when its holder was erased
 * and the stored one with them, or when it was signed before the product's releases moved to another key, decision
 * 101), a refusal once it has ended.
 */
async function answerExistingTrial(options: TrialOptions, product: ProductRow, trial: repository.TrialRow): Promise<TrialGrant> {
  if (trial.expires_at.getTime() <= Date.now()) {
    throw badRequest(
      `The trial of ${product.name} on this computer ended on ${formatDay(trial.expires_at)}. A computer gets one trial of each product.`,
    );
  }
  const isCurrent = trial.key_file !== '' && isSignedWithCurrentKey(product, trial.key_file);
  const keyFile = isCurrent ? trial.key_file : await signTrialKey(options, product, trial.expires_at);
  return { product, keyFile, expiresAt: trial.expires_at, isNew: false };
}

/** The message a plug-in shows after its trial started (or was found running). */
export const describeTrial = (grant: TrialGrant): string =>
  grant.isNew
    ? `Your ${grant.product.trial_days}-day trial of ${grant.product.name} has started. It runs until ${formatDay(grant.expiresAt)}.`
    : `Your trial of ${grant.product.name} on this computer runs until ${formatDay(grant.expiresAt)}.`;

/** The administrator's list of a product's trials, newest first. */
async function listProductTrials(options: { db: Db; productId: number; page: number; pageSize: number }): Promise<TrialList> {
  const product = await findProductById(options.db, options.productId);
  if (!product) throw notFound('Product not found');
  const { rows, total } = await repository.listTrialsOfProduct(options.db, product.id, {
    offset: options.page * options.pageSize,
    limit: options.pageSize,
  });
  const now = Date.now();
  return {
    rows: rows.map((row) => ({
      id: row.id,
      deviceIdHash: row.device_id,
      deviceName: row.device_name,
      email: row.email,
      source: row.source,
      startedAt: row.started_at.toISOString(),
      expiresAt: row.expires_at.toISOString(),
      isExpired: row.expires_at.getTime() <= now,
    })),
    total,
    page: options.page,
    pageSize: options.pageSize,
    trialDays: product.trial_days,
  };
}

/** The trials given to the address or to these computers (the customer's export, docs/PRIVACY.md). */
export const listTrialsOfHolder = (db: Queryable, holder: repository.TrialHolder) => repository.listTrialsOfHolder(db, holder);

/**
 * Erases the person from the trials of their address and computers (decision 040); each computer keeps having had
 * its trial, under a marker that names nothing (decision 085).
 */
export const eraseTrialsOfHolder = (db: Queryable, holder: repository.TrialHolder) => repository.eraseTrialsOfHolder(db, holder);

/**
 * The trial module's service, built once by `buildApp` with its database, product cache, secret box and signer
 * (decision 067): a trial started from the website or a plug-in, and the administrator's list of a product's trials.
 */
export const createTrialService = (deps: { db: Db; products: ProductCache; secretBox: SecretBox; signer: KeyFileSigner }) =>
  bindDependencies(deps, { startTrial, listProductTrials });
export type TrialService = ReturnType<typeof createTrialService>;
