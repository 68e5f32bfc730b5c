import { messages } from '@store/contracts/messages';
import { describe, expect, it } from 'vitest';
import { withTransaction } from '../db/client.js';
import { createTestApp, uniqueEmail } from '../../test/test-app.js';
import { customerWithLicence } from '../modules/licence/licence.test-factory.js';
import { transferLicencesFlow } from './transfer.flow.js';

const t = await createTestApp();

const ownerOf = async (orderId: number) =>
  (await t.db.query<{ person_id: number }>('SELECT person_id FROM orders WHERE id = $1', [orderId])).rows[0]!.person_id;

describe('transferLicencesFlow', () => {
  it('answers each refusal as a value, before anything is written, and the transaction goes on', async () => {
    const owner = await customerWithLicence(t);
    const newOwnerEmail = uniqueEmail();
    const results = await withTransaction(t.db, async (client) => {
      const move = (orderIds: number[], email: string) =>
        transferLicencesFlow({ client, orderIds, newOwnerEmail: email, newOwnerName: 'Ada', secretBox: t.app.secretBox, config: t.config });
      const refusals = [
        await move([], newOwnerEmail),
        await move([owner.order.id], owner.email),
        await move([owner.order.id], 'ada@localhost'),
      ];
      // The transaction is still usable: nothing failed in it.
      const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM person WHERE email = $1', ['ada@localhost']);
      return { refusals, peopleMade: rows[0]!.n };
    });
    expect(results.refusals.map((result) => (result.kind === 'refused' ? result.refusal.message : result.kind))).toEqual([
      'Choose the licences to transfer.',
      `Licence ${owner.order.id} already belongs to ${owner.email}.`,
      `email: ${messages.emailInvalid}`,
    ]);
    expect(results.peopleMade).toBe(0);
    expect(await ownerOf(owner.order.id)).toBe(owner.personId);
  });
});
