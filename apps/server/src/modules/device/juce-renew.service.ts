import { AppError, badRequest } from '../../lib/app-error.js';
import { decryptKeyFile, type DecryptedKeyFile } from '../../licensing/juce-key-file.js';
import type { OrderRow } from '../order/index.js';
import type { ProductRow } from '../product/index.js';

/**
 * The rules of renewing the expiring key of a plug-in built on clients/juce (decision 041;
 * flows/register-computer.flow.ts, `renewComputerKeyFlow`). The key itself is the proof: signed by the product, for
 * this computer, naming its licence, with the removal secret the computer holds.
 */
export type RenewableKey = { licenceId: number; removalSecret: string; expiryTime: Date | null; user: string; email: string };

/** A key of a plug-in built on clients/juce that names its licence: what the module renews (decision 041). */
export type ModuleKey = RenewableKey & { machineIds: readonly string[] };

/**
 * The key as the module's renewable key, for whichever computer it names: signed by the product (with the key its
 * releases carry), for the product, naming its licence and carrying a removal secret; null for any other text.
 */
export function readModuleKey(product: ProductRow, keyText: string): ModuleKey | null {
  const publicKeys = [product.use_rsa_2048 ? product.public_key_2048 : '', product.public_key].filter((key) => key !== '');
  let content: DecryptedKeyFile | null = null;
  for (const publicKey of publicKeys) {
    content ??= keyText.trim() === '' ? null : decryptKeyFile(keyText, publicKey);
  }
  const licenceId = Number(content?.attributes['licence'] ?? '');
  const removalSecret = content?.attributes['removal'] ?? '';
  if (!content || content.app !== product.name || !Number.isSafeInteger(licenceId) || licenceId <= 0 || removalSecret === '') {
    return null;
  }
  const { expiryTime, user, email, machineNumbers: machineIds } = content;
  return { licenceId, removalSecret, expiryTime, user, email, machineIds };
}

/** The presented key as a renewal reads it: the product's own, for this computer, naming its licence. */
export function readRenewableKey(product: ProductRow, keyText: string, machineId: string): RenewableKey {
  const key = readModuleKey(product, keyText);
  if (!key || !key.machineIds.some((id) => id.toLowerCase() === machineId.toLowerCase())) {
    throw badRequest(notRenewableMessage(product));
  }
  const { licenceId, removalSecret, expiryTime, user, email } = key;
  return { licenceId, removalSecret, expiryTime, user, email };
}

export const notRenewableMessage = (product: ProductRow) =>
  `This is not a renewable key of ${product.name} for this computer. Unlock ${product.name} again with your account.`;

/**
 * Why a licence's key is not renewed: it was refunded, charged back, transferred away or revoked (the refusal says
 * until when the key still works); undefined when it is active.
 */
export function findEndedLicenceRefusal(product: ProductRow, order: Pick<OrderRow, 'state' | 'revoke_reason'>, key: RenewableKey) {
  const until = untilOf(key);
  if (order.state === 'refunded') return forbidden(`Your licence of ${product.name} was refunded, so its key is not renewed.${until}`);
  if (order.state === 'transferred') {
    return forbidden(`Your licence of ${product.name} was transferred to another owner, so its key is not renewed.${until}`);
  }
  if (order.state === 'revoked') {
    return forbidden(
      `Your licence of ${product.name} was revoked (${order.revoke_reason || 'no reason given'}), so its key is not renewed.${until}`,
    );
  }
  return undefined;
}

/** The refusal of a computer removed from its licence: it must unlock again. */
export const removedComputerRefusal = (product: ProductRow, key: RenewableKey): AppError =>
  forbidden(`This computer was removed from your licence of ${product.name}. Unlock it again with your account.${untilOf(key)}`);

const untilOf = (key: RenewableKey) => (key.expiryTime ? ` It keeps working on this computer until ${formatDay(key.expiryTime)}.` : '');

/** What the plug-in shows after a renewal: how long the key now works. */
export const renewedMessage = (product: ProductRow): string =>
  product.online_key_days === null
    ? `${product.name} is unlocked on this computer.`
    : `Your key of ${product.name} was renewed. It works until ${formatDay(new Date(Date.now() + product.online_key_days * 86_400_000))}.`;

const forbidden = (message: string) => new AppError('forbidden', message);

const formatDay = (date: Date) => date.toISOString().slice(0, 10);
