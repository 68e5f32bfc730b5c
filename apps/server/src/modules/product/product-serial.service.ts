import type { ProductSerials } from '@store/contracts/product';
import { withTransaction, type Db } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { recordAudit } from '../audit/index.js';
import { findProductById } from './product.repository.js';
import * as repository from './product-admin.repository.js';

const joinLines = (lines: { serial: string }[]) => lines.map((line) => line.serial).join('\n');
const countLines = (lines: { isUsed: boolean }[]) => ({
  unused: lines.filter((line) => !line.isUsed).length,
  handedOut: lines.filter((line) => line.isUsed).length,
});

/** The product's serial pool as the editor's textarea shows it: every line, handed out or not, in order. */
export async function getProductSerials(options: { db: Db; id: number }): Promise<ProductSerials> {
  if (options.id === 0) return { id: 0, serials: '' };
  if (!(await findProductById(options.db, options.id))) throw notFound('Product not found');
  return { id: options.id, serials: joinLines(await repository.listSerials(options.db, options.id)) };
}

/**
 * Saves the pasted serials (one a line): they replace the unused lines, in the pasted order. Lines already
 * handed out stay handed out and are never added a second time; blank and repeated lines are ignored. The list's
 * size and line length were checked with the request (productSerialsSaveRequest), as the editor checks them.
 */
export async function saveProductSerials(options: { db: Db; actor: string; request: ProductSerials }): Promise<ProductSerials> {
  const { db, actor, request } = options;
  const id = request.id ?? 0;
  if (id <= 0) throw badRequest('Save the product before its serials.');
  const lines = [
    ...new Set(
      request.serials
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter((line) => line !== ''),
    ),
  ];
  return withTransaction(db, async (client) => {
    // The product's row lock makes concurrent saves of one pool take turns.
    if (!(await repository.findProductForUpdate(client, id))) throw notFound('Product not found');
    const before = await repository.listSerials(client, id);
    await repository.replaceUnusedSerials(client, id, lines);
    const after = await repository.listSerials(client, id);
    await recordAudit(client, {
      actor,
      action: 'update',
      entity: 'product-serials',
      entityId: id,
      before: countLines(before),
      after: countLines(after),
    });
    return { id, serials: joinLines(after) };
  });
}
