import { ADMIN_USER_NAME } from '@store/contracts/constants';
import { canonicalLoginName } from '@store/contracts/email-address';
import type pg from 'pg';
import type { SecretBox } from '../lib/secret-box.js';
import { generateKeyPair } from '../licensing/rsa-key.js';
import { generatePassword, hashPassword } from '../modules/auth/index.js';
import { bundlePage, demoBundle, demoOffers, demoPages, demoProducts, demoSuccessor, journeyPages, productPage } from './demo-content.js';
import { demoDownloadUrl, demoDownloads } from './demo-downloads.js';

export type SeedResult = { adminPassword?: string };

/**
 * Seeds the administrator and the demo site once. Runs inside the migration transaction, under its lock,
 * so processes starting together seed exactly once.
 */
export async function seedDatabase(
  client: pg.PoolClient,
  options: { adminPassword?: string; secretBox: SecretBox; isDemoData: boolean },
): Promise<SeedResult> {
  const result: SeedResult = {};
  const { rowCount: adminCount } = await client.query('SELECT 1 FROM login WHERE is_admin');
  if (!adminCount) {
    const password = options.adminPassword ?? generatePassword();
    await client.query(
      `INSERT INTO login (login_name, login_name_canonical, password_hash, role, email_verified_at) VALUES ($1, $2, $3, 'admin', now())`,
      [ADMIN_USER_NAME, canonicalLoginName(ADMIN_USER_NAME), await hashPassword(password)],
    );
    if (!options.adminPassword) result.adminPassword = password;
  }

  if (!options.isDemoData) return result;
  const { rowCount: seeded } = await client.query(`SELECT 1 FROM setting WHERE key = 'demo_seeded'`);
  if (!seeded) await seedDemoSite(client, options.secretBox);
  await seedDemoJourney(client);
  await seedDemoUpgrades(client, options.secretBox);
  await seedDemoTrialDownloads(client);
  await seedDemoBundle(client, options.secretBox);
  return result;
}

/** The demo's products and pages, once. */
async function seedDemoSite(client: pg.PoolClient, secretBox: SecretBox): Promise<void> {
  const options = { secretBox };
  for (const product of demoProducts) await insertDemoProduct(client, product, options.secretBox);
  for (const page of demoPages) {
    await client.query(
      `INSERT INTO page (name, url, html_text, is_main_menu, main_menu_priority) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT DO NOTHING`,
      [page.name, page.url, page.htmlText, page.isMainMenu, page.mainMenuPriority],
    );
  }
  await client.query(`INSERT INTO setting (key, value) VALUES ('demo_seeded', now()::text)`);
}

/** A demo product with key pairs generated like the administrator's "Generate keys" (none if the name is taken). */
async function insertDemoProduct(
  client: pg.PoolClient,
  product: { name: string; path: string; description: string; price: string; useRsa2048: boolean },
  secretBox: SecretBox,
): Promise<void> {
  const pair1024 = generateKeyPair(1024);
  const pair2048 = product.useRsa2048 ? generateKeyPair(2048) : { publicKey: '', privateKey: '' };
  await client.query(
    `INSERT INTO product (name, path, description, price, public_key, private_key_sealed, public_key_2048,
                          private_key_2048_sealed, use_rsa_2048)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING`,
    [
      product.name,
      product.path,
      product.description,
      product.price,
      pair1024.publicKey,
      secretBox.seal(pair1024.privateKey),
      pair2048.publicKey,
      secretBox.seal(pair2048.privateKey),
      product.useRsa2048,
    ],
  );
}

/**
 * What the demo gained with upgrades (decision 036), once, also in a demo seeded before them: Spacey 2 as Spacey's
 * successor with its page, the upgrade Spacey → Spacey 2 and the crossgrade Punch → Tapewarm.
 */
async function seedDemoUpgrades(client: pg.PoolClient, secretBox: SecretBox): Promise<void> {
  const { rowCount: seeded } = await client.query(`SELECT 1 FROM setting WHERE key = 'demo_upgrades_seeded'`);
  if (seeded) return;
  const { rowCount: isPathTaken } = await client.query('SELECT 1 FROM product WHERE path = $1', [demoSuccessor.path]);
  if (!isPathTaken) await insertDemoProduct(client, demoSuccessor, secretBox);
  await client.query(
    `UPDATE product SET successor_id = (SELECT id FROM product WHERE lower(name) = lower($2))
      WHERE lower(name) = lower($1) AND successor_id IS NULL`,
    [demoSuccessor.predecessorName, demoSuccessor.name],
  );
  const page = productPage(demoSuccessor);
  await client.query(
    `INSERT INTO page (name, url, html_text, is_main_menu, main_menu_priority)
     SELECT $1, $2, $3, $4, $5 WHERE NOT EXISTS (SELECT 1 FROM page WHERE lower(url) = lower($2))`,
    [page.name, page.url, page.htmlText, page.isMainMenu, page.mainMenuPriority],
  );
  for (const offer of demoOffers) {
    // Only when the demo's products are all there under their names (an administrator may have renamed them).
    await client.query(
      `WITH target AS (SELECT id FROM product WHERE lower(name) = lower($3)),
            sources AS (SELECT id FROM product WHERE lower(name) = ANY ($4::text[])),
            created AS (
              INSERT INTO offer (kind, name, target_product_id, prices)
              SELECT $1, $2, target.id, $5::jsonb FROM target
               WHERE (SELECT count(*) FROM sources) = cardinality($4::text[])
              RETURNING id)
       INSERT INTO offer_source (offer_id, product_id) SELECT created.id, sources.id FROM created, sources`,
      [offer.kind, offer.name, offer.targetName, offer.sourceNames.map((name) => name.toLowerCase()), JSON.stringify(offer.prices)],
    );
  }
  await client.query(`INSERT INTO setting (key, value) VALUES ('demo_upgrades_seeded', now()::text)`);
}

/**
 * The demo's bundle (decisions 054 and 056), once, also in a demo seeded before it: the Studio Bundle as a product of
 * its own holding Spacey, Punch and Tapewarm, its "complete your bundle" rule and prices, and its page. Only when the
 * products it holds are all there under their names and its path is free (an administrator may have changed them).
 */
async function seedDemoBundle(client: pg.PoolClient, secretBox: SecretBox): Promise<void> {
  const { rowCount: seeded } = await client.query(`SELECT 1 FROM setting WHERE key = 'demo_bundle_seeded'`);
  if (seeded) return;
  await client.query(`INSERT INTO setting (key, value) VALUES ('demo_bundle_seeded', now()::text)`);
  const partNames = demoBundle.partNames.map((name) => name.toLowerCase());
  const { rows: parts } = await client.query<{ id: string }>('SELECT id FROM product WHERE lower(name) = ANY ($1::text[])', [partNames]);
  const { rowCount: isTaken } = await client.query('SELECT 1 FROM product WHERE path = $1 OR lower(name) = lower($2)', [
    demoBundle.path,
    demoBundle.name,
  ]);
  if (parts.length !== partNames.length || isTaken) return;
  await insertDemoProduct(client, demoBundle, secretBox);
  await client.query(
    `WITH bundle AS (SELECT id FROM product WHERE path = $1)
     INSERT INTO bundle_part (bundle_product_id, part_product_id) SELECT bundle.id, unnest($2::bigint[]) FROM bundle`,
    [demoBundle.path, parts.map((part) => part.id)],
  );
  await client.query(`INSERT INTO bundle_rule (bundle_product_id, rule, prices) SELECT id, $2, $3::jsonb FROM product WHERE path = $1`, [
    demoBundle.path,
    demoBundle.rule,
    JSON.stringify(demoBundle.prices),
  ]);
  const page = bundlePage(demoBundle);
  await client.query(
    `INSERT INTO page (name, url, html_text, is_main_menu, main_menu_priority)
     SELECT $1, $2, $3, $4, $5 WHERE NOT EXISTS (SELECT 1 FROM page WHERE lower(url) = lower($2))`,
    [page.name, page.url, page.htmlText, page.isMainMenu, page.mainMenuPriority],
  );
}

/**
 * What the demo gained with the customer journey (decision 023), once, also in a demo seeded before it: the
 * installers of the demo products and the pages that did not exist yet (FAQ, imprint, privacy, terms).
 */
async function seedDemoJourney(client: pg.PoolClient): Promise<void> {
  const { rowCount: seeded } = await client.query(`SELECT 1 FROM setting WHERE key = 'demo_journey_seeded'`);
  if (seeded) return;
  for (const download of demoDownloads) {
    await client.query(
      `INSERT INTO product_download (product_id, platform, version, file_name, size_bytes, sha256, release_date, notes, storage, location)
       SELECT id, $2, $3, $4, $5, $6, $7, $8, 'url', $9 FROM product WHERE lower(name) = lower($1)
       ON CONFLICT DO NOTHING`,
      [
        download.productName,
        download.platform,
        download.version,
        download.fileName,
        download.sizeBytes,
        download.sha256,
        download.releaseDate,
        download.notes,
        demoDownloadUrl(download.fileName),
      ],
    );
  }
  for (const page of journeyPages) {
    await client.query(
      `INSERT INTO page (name, url, html_text, is_main_menu, main_menu_priority)
       SELECT $1, $2, $3, $4, $5 WHERE NOT EXISTS (SELECT 1 FROM page WHERE lower(url) = lower($2))`,
      [page.name, page.url, page.htmlText, page.isMainMenu, page.mainMenuPriority],
    );
  }
  await client.query(`INSERT INTO setting (key, value) VALUES ('demo_journey_seeded', now()::text)`);
}

/**
 * The demo's trial builds (decision 035), once, also in a demo seeded before them: its current installers become
 * public, so the product pages offer them to every visitor. An installer the administrator changed since (another
 * location) is left as it is.
 */
async function seedDemoTrialDownloads(client: pg.PoolClient): Promise<void> {
  const { rowCount: seeded } = await client.query(`SELECT 1 FROM setting WHERE key = 'demo_trial_downloads_seeded'`);
  if (seeded) return;
  for (const download of demoDownloads.filter((candidate) => candidate.isPublic)) {
    await client.query(
      `UPDATE product_download d SET is_public = true FROM product p
        WHERE p.id = d.product_id AND lower(p.name) = lower($1) AND d.platform = $2 AND d.version = $3 AND d.location = $4`,
      [download.productName, download.platform, download.version, demoDownloadUrl(download.fileName)],
    );
  }
  await client.query(`INSERT INTO setting (key, value) VALUES ('demo_trial_downloads_seeded', now()::text)`);
}
