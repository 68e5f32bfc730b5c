import type pg from 'pg';
import type { SecretBox } from '../lib/secret-box.js';
import { generateKeyPair } from '../licensing/rsa-key.js';
import { generatePassword, hashPassword } from '../modules/auth/password.js';
import { demoPages, demoProducts } from './demo-content.js';

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
    await client.query(`INSERT INTO login (login_name, password_hash, role, email_verified_at) VALUES ('admin', $1, 'admin', now())`, [
      await hashPassword(password),
    ]);
    if (!options.adminPassword) result.adminPassword = password;
  }

  const { rowCount: seeded } = await client.query(`SELECT 1 FROM setting WHERE key = 'demo_seeded'`);
  if (seeded || !options.isDemoData) return result;
  for (const product of demoProducts) {
    const pair1024 = generateKeyPair(1024);
    const pair2048 = product.useRsa2048 ? generateKeyPair(2048) : { publicKey: '', privateKey: '' };
    await client.query(
      `INSERT INTO product (name, description, price, public_key, private_key_sealed, public_key_2048,
                            private_key_2048_sealed, use_rsa_2048)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
      [
        product.name,
        product.description,
        product.price,
        pair1024.publicKey,
        options.secretBox.seal(pair1024.privateKey),
        pair2048.publicKey,
        options.secretBox.seal(pair2048.privateKey),
        product.useRsa2048,
      ],
    );
  }
  for (const page of demoPages) {
    await client.query(
      `INSERT INTO page (name, url, html_text, is_main_menu, main_menu_priority) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT DO NOTHING`,
      [page.name, page.url, page.htmlText, page.isMainMenu, page.mainMenuPriority],
    );
  }
  await client.query(`INSERT INTO setting (key, value) VALUES ('demo_seeded', now()::text)`);
  return result;
}
