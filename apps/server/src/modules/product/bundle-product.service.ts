import { DEFAULT_TRIAL_DAYS } from '@store/contracts/trial';
import type { PoolClient } from 'pg';
import { badRequest } from '../../lib/app-error.js';
import { recordAudit } from '../audit/index.js';
import * as repository from './product-admin.repository.js';
import type { ProductRow } from './product.repository.js';
import { auditView, checkPathIsFree, derivePath, writeProduct } from './product.service.js';

/**
 * The product a bundle sells as, named and given its path on the BUNDLES screen (decision 057), in the caller's
 * transaction: id 0 creates it (no key pairs: a bundle issues licences of its products, never of itself; its shop
 * price `price`), an existing one takes the name and path given (left out: kept). A change is audited as the
 * product's; a save that changes nothing records nothing.
 */
export async function saveBundleProduct(
  client: PoolClient,
  options: { actor: string; id: number; name?: string; path?: string; price: string },
): Promise<ProductRow> {
  const { actor, name, path } = options;
  const before = options.id > 0 ? await repository.findProductForUpdate(client, options.id) : undefined;
  if (options.id > 0 && !before) throw badRequest('Product not found');
  if (!before && name === undefined) throw badRequest('name: Name is required');
  if (before && (name ?? before.name) === before.name && (path ?? before.path) === before.path) return before;
  const id = before?.id ?? (await repository.takeNextProductId(client));
  const newName = name ?? before!.name;
  const newPath = path ?? before?.path ?? (await derivePath(client, newName, id));
  if (path !== undefined) await checkPathIsFree(client, newPath, id);
  const fields: repository.ProductFields = before
    ? { ...before, name: newName, path: newPath }
    : {
        name: newName,
        path: newPath,
        description: newName,
        price: options.price,
        public_key: '',
        private_key_sealed: '',
        public_key_2048: '',
        private_key_2048_sealed: '',
        use_rsa_2048: false,
        trial_days: DEFAULT_TRIAL_DAYS,
        successor_id: null,
        online_key_days: null,
        yearly_device_removals: null,
      };
  const saved = await writeProduct(client, { id, isNew: before === undefined }, fields);
  await recordAudit(client, {
    actor,
    action: before ? 'update' : 'create',
    entity: 'product',
    entityId: saved.id,
    before: before && auditView(before),
    after: auditView(saved),
  });
  return saved;
}
