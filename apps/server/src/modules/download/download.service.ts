import { downloadPlatforms, type DownloadPlatform } from '@store/contracts/download';
import type {
  AdminProductDownload,
  DownloadLink,
  OwnedProductDownloads,
  ProductDownload,
  PublicProductDownloads,
  SavedProductDownload,
} from '@store/contracts/download';
import type { Config } from '../../config.js';
import { withTransaction, type Db } from '../../db/client.js';
import { AppError, badRequest, notFound } from '../../lib/app-error.js';
import { hitRateLimit, rateLimits } from '../../lib/rate-limit.js';
import { recordAudit } from '../audit/index.js';
import type { CustomerCaller } from '../auth/index.js';
import { findPersonIdOfLogin } from '../licence/index.js';
import type { ProductCache } from '../product/index.js';
import * as repository from './download.repository.js';
import { linkToDownload } from './download-link.js';
import { bindDependencies } from '../../lib/service-object.js';

const downloadNotFound = () => notFound('Download not found');

const platformOrder = (platform: DownloadPlatform) => downloadPlatforms.indexOf(platform);

/** Each platform's newest release is its current one (the rows come newest first per platform); macOS first. */
const toProductDownloads = (rows: readonly repository.DownloadRow[]): ProductDownload[] => {
  const seen = new Set<string>();
  const ordered = [...rows].sort((a, b) => platformOrder(a.platform) - platformOrder(b.platform));
  return ordered.map((row) => {
    const isCurrent = !seen.has(row.platform);
    seen.add(row.platform);
    return {
      id: row.id,
      platform: row.platform,
      version: row.version,
      fileName: row.file_name,
      sizeBytes: row.size_bytes,
      sha256: row.sha256,
      releaseDate: row.release_date,
      notes: row.notes,
      channel: row.channel,
      isCurrent,
    };
  });
};

/** The installers of every product the caller owns; nothing for anyone without a licence. */
async function listOwnedDownloads(options: { db: Db; caller: CustomerCaller }): Promise<OwnedProductDownloads> {
  const personId = await findPersonIdOfLogin(options.db, options.caller);
  if (personId === undefined) return [];
  const rows = await repository.listDownloadsOwnedBy(options.db, personId);
  const names = [...new Set(rows.map((row) => row.product_name))];
  return names.map((productName) => ({
    productName,
    downloads: toProductDownloads(rows.filter((row) => row.product_name === productName)),
  }));
}

/**
 * The link of one installer for its owner (download-link.ts). Another customer's (or an unknown) installer is a
 * 404.
 */
async function linkOwnedDownload(options: {
  db: Db;
  config: Config;
  caller: CustomerCaller;
  downloadId: number;
  now?: Date;
}): Promise<DownloadLink> {
  const personId = await findPersonIdOfLogin(options.db, options.caller);
  const download = personId === undefined ? undefined : await repository.findDownloadOwnedBy(options.db, options.downloadId, personId);
  if (!download) throw downloadNotFound();
  return linkToDownload({ config: options.config, download, now: options.now });
}

/**
 * A product's public installers for anyone (decision 035): the newest public one of each platform, macOS first,
 * and the product's trial length. The name matches in any case; an unknown product is a 404.
 */
async function listPublicDownloads(options: { db: Db; products: ProductCache; productName: string }): Promise<PublicProductDownloads> {
  const product = await options.products.byName(options.db, options.productName);
  if (!product) throw notFound('Product not found');
  const rows = await repository.listCurrentPublicDownloads(options.db, product.id);
  return {
    productName: product.name,
    trialDays: product.trial_days,
    downloads: toProductDownloads(rows).map(({ isCurrent: _current, ...download }) => download),
  };
}

/**
 * The link of a public installer for anyone, counted per product, version and day once it is made (a bucket
 * that is not configured counts nothing). Each call counts against the caller's address first, whatever it asks
 * for; an owners-only or unknown installer is a 404.
 */
async function linkPublicDownload(options: { db: Db; config: Config; ip: string; downloadId: number }): Promise<DownloadLink> {
  await hitRateLimit(options.db, rateLimits.publicDownloadPerIp, options.ip);
  const download = await repository.findPublicDownload(options.db, options.downloadId);
  if (!download) throw downloadNotFound();
  const link = linkToDownload({ config: options.config, download });
  await repository.countPublicDownload(options.db, download);
  return link;
}

const toAdminDownload = (row: repository.DownloadRow & { download_count: number }): AdminProductDownload => ({
  id: row.id,
  productId: row.product_id,
  platform: row.platform,
  version: row.version,
  fileName: row.file_name,
  sizeBytes: row.size_bytes,
  sha256: row.sha256,
  releaseDate: row.release_date,
  notes: row.notes,
  channel: row.channel,
  storage: row.storage,
  location: row.location,
  isPublic: row.is_public,
  downloadCount: row.download_count,
});

/** The administrator's list of a product's installers. */
async function listProductDownloads(options: { db: Db; productId: number }): Promise<AdminProductDownload[]> {
  if (!(await repository.productExists(options.db, options.productId))) throw notFound('Product not found');
  return (await repository.listDownloadsOfProduct(options.db, options.productId)).map(toAdminDownload);
}

const hasCode = (error: unknown, code: string) => typeof error === 'object' && error !== null && 'code' in error && error.code === code;
const isUniqueViolation = (error: unknown) => hasCode(error, '23505');
/** Migration 083's product_download_beta_not_public: a changed installer that would be a public beta. */
const isPublicBeta = (error: unknown) => hasCode(error, '23514');

/** Adds (id 0) or changes an installer of a product; the same version twice on one platform is refused. */
async function saveProductDownload(options: {
  db: Db;
  actor: string;
  productId: number;
  request: SavedProductDownload;
}): Promise<AdminProductDownload[]> {
  const { db, productId, request } = options;
  if (!(await repository.productExists(db, productId))) throw notFound('Product not found');
  const fields = {
    platform: request.platform,
    version: request.version,
    file_name: request.fileName,
    size_bytes: request.sizeBytes,
    sha256: request.sha256,
    release_date: request.releaseDate,
    notes: request.notes,
    storage: request.storage,
    location: request.location,
    is_public: request.isPublic,
    channel: request.channel,
  };
  const duplicate = () => new AppError('conflict', `Version ${request.version} for this platform already exists.`);
  await withTransaction(db, async (client) => {
    if (request.id === 0) {
      const id = await repository.insertDownload(client, productId, fields);
      if (id === undefined) throw duplicate();
      await recordAudit(client, { actor: options.actor, action: 'create', entity: 'product_download', entityId: id, after: fields });
      return;
    }
    try {
      if (!(await repository.updateDownload(client, productId, request.id, fields))) throw downloadNotFound();
    } catch (error) {
      if (isPublicBeta(error)) throw badRequest('A beta build is for opted-in owners only.');
      throw isUniqueViolation(error) ? duplicate() : error;
    }
    await recordAudit(client, { actor: options.actor, action: 'update', entity: 'product_download', entityId: request.id, after: fields });
  });
  return listProductDownloads({ db, productId });
}

/** Removes an installer from a product (the file itself stays where the vendor keeps it). */
async function deleteProductDownload(options: { db: Db; actor: string; productId: number; id: number }): Promise<void> {
  await withTransaction(options.db, async (client) => {
    if (!(await repository.deleteDownload(client, options.productId, options.id))) throw downloadNotFound();
    await recordAudit(client, { actor: options.actor, action: 'delete', entity: 'product_download', entityId: options.id });
  });
}

/** The download module's service, built once by `buildApp` with its database, settings and the product cache (decision 067). */
export const createDownloadService = (deps: { db: Db; config: Config; products: ProductCache }) =>
  bindDependencies(deps, {
    listOwnedDownloads,
    linkOwnedDownload,
    listPublicDownloads,
    linkPublicDownload,
    listProductDownloads,
    saveProductDownload,
    deleteProductDownload,
  });
export type DownloadService = ReturnType<typeof createDownloadService>;
