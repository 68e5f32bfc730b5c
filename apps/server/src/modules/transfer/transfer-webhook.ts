import type { PoolClient } from 'pg';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { transferFailedMail } from '../../mail/customer-templates.js';
import { enqueueMail } from '../../mail/outbox.js';
import { findTransferTag } from './transfer-tag.js';
import { readTransferToken, transferTokenSecretOf } from './transfer-token.js';
import { transferOrders, type TransferFee } from './transfer.service.js';
import { hasTransferOfProviderOrder, lockProviderOrder, recordTransferRefusal } from './transfer.repository.js';

/**
 * `completed`: the licence moved now; `recorded`: this provider order already moved it (a repeated delivery,
 * nothing changed); `ignored`: no valid transfer in the order (nothing changed, the support address is told).
 */
export type TransferWebhookOutcome = 'completed' | 'recorded' | 'ignored';

/**
 * Completes a paid licence transfer (the `licensetransfer` product) in the webhook's transaction: reads the
 * tag `token;orderId;email;firstName;lastName` from the order's tags, verifies the token (signed, unexpired,
 * for that licence and its owner at the time) and moves the licence to the new owner, recording the fee paid on the
 * transfer (decision 029). A refusal is not retried
 * (it would fail again): it is recorded and mailed to the support address once, for a person to settle.
 */
export async function completeTransferFromWebhook(options: {
  client: PoolClient;
  tags: unknown;
  providerOrderId: string;
  customerEmail: string;
  /** What the transfer was paid (its `licensetransfer` items): revenue of the transfer, not of the licence. */
  fee?: TransferFee;
  secretBox: SecretBox;
  config: Config;
}): Promise<TransferWebhookOutcome> {
  const { client, providerOrderId, config } = options;
  await lockProviderOrder(client, providerOrderId);
  if (await hasTransferOfProviderOrder(client, providerOrderId)) return 'recorded';

  const tag = findTransferTag(options.tags);
  const refuse = async (reason: string, tagText = ''): Promise<'ignored'> => {
    // Told once per provider order: a redelivery of a refused transfer is refused again, quietly.
    if (!(await recordTransferRefusal(client, providerOrderId, reason))) return 'ignored';
    const mail = { to: config.SUPPORT_EMAIL, providerOrderId, customerEmail: options.customerEmail, reason, tag: tagText };
    await enqueueMail(client, transferFailedMail(mail));
    return 'ignored';
  };
  if (!tag) return refuse('The order carries no licence transfer tag (token;orderId;email;firstName;lastName).');
  // The token itself is not put in the support mail.
  const tagText = `${tag.orderId};${tag.email};${tag.firstName};${tag.lastName}`;
  const grant = readTransferToken(transferTokenSecretOf(config), tag.token);
  if (!grant || grant.orderId !== tag.orderId) return refuse('The transfer token is not valid or has expired.', tagText);

  try {
    await transferOrders({
      client,
      orderIds: [grant.orderId],
      newOwnerEmail: tag.email,
      newOwnerName: `${tag.firstName} ${tag.lastName}`,
      secretBox: options.secretBox,
      config,
      providerOrderId,
      fee: options.fee,
      expectedOwnerId: grant.personId,
    });
  } catch (error) {
    if (error instanceof AppError) return refuse(error.message, tagText);
    throw error;
  }
  return 'completed';
}
