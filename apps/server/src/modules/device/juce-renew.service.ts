import type { JuceRenewRequest } from '@store/contracts/licence';
import type { Db } from '../../db/client.js';
import { AppError, badRequest } from '../../lib/app-error.js';
import { decryptKeyFile, type DecryptedKeyFile } from '../../licensing/juce-key-file.js';
import type { KeyFileSigner } from '../../licensing/signing-pool.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { findOrderById } from '../order/index.js';
import { findPersonById } from '../person/index.js';
import type { ProductCache, ProductRow } from '../product/index.js';
import { findDeviceIdProblem } from './device-id.js';
import { renewModuleKey } from './device-registration.js';
import { findDeviceOfLicence } from './device-rows.repository.js';
import { unknownProductMessage } from './device.service.js';

export type RenewalGrant = { message: string; keyFile: string };

/**
 * Renews the expiring key of a plug-in built on clients/juce (decision 041). The key itself is the proof: signed
 * by the product, for this computer, naming its licence, with the removal secret the computer holds. A licence
 * that was refunded, charged back, transferred away or revoked gets no renewal, and the refusal says until when
 * the key still works; a computer removed from the licence is told to unlock again.
 */
export async function renewKey(options: {
  db: Db;
  products: ProductCache;
  secretBox: SecretBox;
  signer: KeyFileSigner;
  fields: JuceRenewRequest;
}): Promise<RenewalGrant> {
  const { db, fields } = options;
  const product = await options.products.byName(db, fields.product.trim());
  if (!product || product.name !== fields.product.trim()) throw badRequest(unknownProductMessage(fields.product.trim()));
  const machineId = fields.mach.trim();
  const problem = findDeviceIdProblem(machineId);
  if (problem) throw badRequest(`This computer's key cannot be renewed: ${problem}`);

  const key = readRenewableKey(product, fields.key, machineId);
  const order = await findOrderById(db, key.licenceId);
  if (!order || order.product_id !== product.id) throw badRequest(notRenewableMessage(product));
  const until = key.expiryTime ? ` It keeps working on this computer until ${formatDay(key.expiryTime)}.` : '';
  if (order.state === 'refunded') throw forbidden(`Your licence of ${product.name} was refunded, so its key is not renewed.${until}`);
  if (order.state === 'transferred') {
    throw forbidden(`Your licence of ${product.name} was transferred to another owner, so its key is not renewed.${until}`);
  }
  if (order.state === 'revoked') {
    throw forbidden(
      `Your licence of ${product.name} was revoked (${order.revoke_reason || 'no reason given'}), so its key is not renewed.${until}`,
    );
  }
  const device = await findDeviceOfLicence(db, order.id, machineId);
  if (!device || device.removal_secret !== key.removalSecret) {
    throw forbidden(`This computer was removed from your licence of ${product.name}. Unlock it again with your account.${until}`);
  }
  const owner = await findPersonById(db, order.person_id);
  const keyFile = await renewModuleKey({
    db,
    product,
    licence: { order_id: order.id, owner_name: owner?.name ?? key.user, owner_email: owner?.email ?? key.email },
    device,
    deviceId: machineId,
    secretBox: options.secretBox,
    signer: options.signer,
    moduleKey: { days: product.online_key_days },
  });
  const message =
    product.online_key_days === null
      ? `${product.name} is unlocked on this computer.`
      : `Your key of ${product.name} was renewed. It works until ${formatDay(new Date(Date.now() + product.online_key_days * 86_400_000))}.`;
  return { message, keyFile };
}

type RenewableKey = { licenceId: number; removalSecret: string; expiryTime: Date | null; user: string; email: string };

/** The presented key as a renewal reads it: the product's own, for this computer, naming its licence. */
function readRenewableKey(product: ProductRow, keyText: string, machineId: string): RenewableKey {
  const publicKeys = [product.use_rsa_2048 ? product.public_key_2048 : '', product.public_key].filter((key) => key !== '');
  let content: DecryptedKeyFile | null = null;
  for (const publicKey of publicKeys) {
    content ??= keyText.trim() === '' ? null : decryptKeyFile(keyText, publicKey);
  }
  const licenceId = Number(content?.attributes['licence'] ?? '');
  const removalSecret = content?.attributes['removal'] ?? '';
  const isThisComputer = content?.machineNumbers.some((id) => id.toLowerCase() === machineId.toLowerCase()) === true;
  if (
    !content ||
    content.app !== product.name ||
    !Number.isSafeInteger(licenceId) ||
    licenceId <= 0 ||
    removalSecret === '' ||
    !isThisComputer
  ) {
    throw badRequest(notRenewableMessage(product));
  }
  return { licenceId, removalSecret, expiryTime: content.expiryTime, user: content.user, email: content.email };
}

const notRenewableMessage = (product: ProductRow) =>
  `This is not a renewable key of ${product.name} for this computer. Unlock ${product.name} again with your account.`;

const forbidden = (message: string) => new AppError('forbidden', message);

const formatDay = (date: Date) => date.toISOString().slice(0, 10);
