import { findReleasePreferences, saveReleasePreferences as savePreferencesOfPerson, type ReleasePreferencesRow } from '../person/index.js';
import type { ReleaseChannel } from '@store/contracts/download';
import { canonicalEmail } from '@store/contracts/email-address';
import type { ReleasePreferences, ReleasePreferencesResponse, UpdateCheckResponse } from '@store/contracts/release';
import type { UpdateCheckQuery } from '@store/contracts/release';
import type { Config } from '../../config.js';
import type { Db, Queryable } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { keyFileDigest } from '../../licensing/key-file-digest.js';
import { hitRateLimit, type RateLimitRule } from '../../lib/rate-limit.js';
import { bindDependencies } from '../../lib/service-object.js';
import { siteUrlOf } from '../../mail/customer-templates.js';
import type { CustomerCaller } from '../auth/index.js';
import { readModuleKey, readProductKeyFile } from '../device/index.js';
import { findPersonIdOfLogin } from '../licence/index.js';
import type { ProductCache } from '../product/index.js';
import { countReleaseRecipients, listReleases, publishRelease, unsubscribeFromReleaseMail } from './release-mail.service.js';
import * as repository from './release.repository.js';

/** A plug-in checks at start-up; a studio behind one router runs a handful of them, each a few times a day. */
export const updateCheckPerIp: RateLimitRule = { name: 'update-check-ip', limit: 120, windowSeconds: 15 * 60 };

type UpdateCheck = { db: Db; config: Config; products: ProductCache; query: UpdateCheckQuery };

/**
 * The newest stable build of a product for a platform, with its notes, date and the page to download it from
 * (the customer area). An unknown product is a 404; a product without a build for the platform answers version null.
 */
async function checkForUpdate(options: UpdateCheck & { channels?: readonly ReleaseChannel[] }): Promise<UpdateCheckResponse> {
  const { db, query } = options;
  const product = await options.products.byName(db, query.product);
  if (!product) throw notFound('Product not found');
  const channels = options.channels ?? ['stable'];
  const newest = await repository.findNewestInstaller(db, product.id, query.platform, channels);
  return {
    productName: product.name,
    platform: query.platform,
    channel: channels.includes('beta') ? 'beta' : 'stable',
    version: newest?.version ?? null,
    releaseDate: newest?.release_date ?? null,
    notes: newest?.notes ?? '',
    downloadPage: `${siteUrlOf(options.config)}/userarea`,
  };
}

/**
 * The same check with the licence's key: the beta channel when asked for and the key (a serial, or a key file not
 * retired) is an active licence of an owner who opted in; the stable channel otherwise, never an error, so an
 * owner who left the beta simply gets the stable builds again.
 */
async function checkForUpdateWithKey(
  options: UpdateCheck & { key: string; channel: ReleaseChannel; ip: string },
): Promise<UpdateCheckResponse> {
  await hitRateLimit(options.db, updateCheckPerIp, options.ip);
  const isBeta = options.channel === 'beta' && (await isOptedInOwnersKey(options.db, options.products, options.query.product, options.key));
  return checkForUpdate({ ...options, channels: isBeta ? ['stable', 'beta'] : ['stable'] });
}

/**
 * Whether the key proves an active licence of an owner who opted in to the beta channel: a serial; a key file not
 * retired (a licence's or a computer's, never a trial's); or the renewable key a plug-in built on clients/juce holds,
 * while the computer it names still holds its place on the licence it names with its removal secret (the proof a
 * renewal asks for, decision 041).
 */
async function isOptedInOwnersKey(db: Queryable, products: ProductCache, productName: string, key: string): Promise<boolean> {
  const product = await products.byName(db, productName);
  if (!product) return false;
  const keyFile = readProductKeyFile(product, key);
  if (!keyFile) {
    const moduleKey = readModuleKey(product, key);
    if (moduleKey) return repository.isBetaOwnerComputer(db, product.id, moduleKey);
    return repository.isBetaOwnerSerial(db, product.id, key.trim());
  }
  const email = canonicalEmail(keyFile.email);
  return email !== undefined && repository.isBetaOwnerKeyFile(db, product.id, email, keyFileDigest(keyFile));
}

const toPreferences = (row: ReleasePreferencesRow | undefined): ReleasePreferencesResponse => ({
  betaChannel: row?.beta_opted_in_at != null,
  releaseMail: row?.release_mail_consent_at != null,
  betaOptedInAt: row?.beta_opted_in_at?.toISOString() ?? null,
  releaseMailConsentAt: row?.release_mail_consent_at?.toISOString() ?? null,
});

/** The caller's release choices (both off for a login that has not proven an address). */
async function readReleasePreferences(options: { db: Db; caller: CustomerCaller }): Promise<ReleasePreferencesResponse> {
  const personId = await findPersonIdOfLogin(options.db, options.caller);
  return toPreferences(personId === undefined ? undefined : await findReleasePreferences(options.db, personId));
}

/** Records the caller's choices with the date each was first made; a login without a proven address is a 404. */
async function saveReleasePreferences(options: {
  db: Db;
  caller: CustomerCaller;
  choices: ReleasePreferences;
}): Promise<ReleasePreferencesResponse> {
  const personId = await findPersonIdOfLogin(options.db, options.caller);
  if (personId === undefined) throw notFound('No licences on this account yet');
  return toPreferences(await savePreferencesOfPerson(options.db, personId, options.choices));
}

/**
 * The release module's service, built once by `buildApp` with its database, settings and the product cache
 * (decision 067): the plug-ins' update checks, the owner's release choices, and publishing a release with its mail.
 */
export const createReleaseService = (deps: { db: Db; config: Config; products: ProductCache }) =>
  bindDependencies(deps, {
    checkForUpdate,
    checkForUpdateWithKey,
    readReleasePreferences,
    saveReleasePreferences,
    listReleases,
    countReleaseRecipients,
    publishRelease,
    unsubscribeFromReleaseMail,
  });
export type ReleaseService = ReturnType<typeof createReleaseService>;
