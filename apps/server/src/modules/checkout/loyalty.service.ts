import { randomBytes } from 'node:crypto';
import { isSameEmail } from '@store/contracts/email-address';
import { isSandboxCheckout, type Config } from '../../config.js';
import { withTransaction, type Db, type Queryable } from '../../db/client.js';
import { type CustomerCaller, encodeBase32 } from '../auth/index.js';
import { findPersonIdOfLogin } from '../licence/index.js';
import { findPersonById } from '../person/index.js';
import { addLoyaltyCode } from './fastspring-coupon-api.js';
import { hasFastSpringApi } from './fastspring-api.js';
import * as repository from './loyalty.repository.js';

/**
 * The customer's own loyalty code (15 %, one use) for a customer with a proven address who owns a licence; an empty
 * string otherwise, and when neither FastSpring's API nor the sandbox can honour a code (then no banner shows).
 * The same code is answered until it is used; a new one is added to the vendor's FastSpring coupon (or kept for
 * the sandbox, which honours the same codes), one at a time per customer. FastSpring's codes work for any buyer: a
 * code spent on someone else's order earns its owner no new one for a year (decision 086).
 */
export async function getLoyaltyCoupon(options: { db: Db; config: Config; caller: CustomerCaller }): Promise<string> {
  const { db, config } = options;
  const personId = await findPersonIdOfLogin(db, options.caller);
  if (personId === undefined || !hasFastSpringApi(config) || !(await repository.hasActiveLicence(db, personId))) return '';
  const open = await repository.findOpenCodeOfPerson(db, personId);
  if (open) return open;
  return withTransaction(db, async (client) => {
    await repository.lockCodesOfPerson(client, personId);
    const kept = await repository.findOpenCodeOfPerson(client, personId);
    if (kept) return kept;
    if (await repository.hasCodeSpentByOther(client, personId)) return '';
    const code = `LOYAL-${encodeBase32(randomBytes(8)).slice(0, 12)}`;
    if (!isSandboxCheckout(config)) await addLoyaltyCode(config, code);
    return repository.keepOpenCode(client, personId, code);
  });
}

/** Whether a coupon code in a cart is a loyalty code not used yet (the sandbox's pricing). */
export const isOpenLoyaltyCode = (db: Queryable, code: string): Promise<boolean> =>
  code === '' ? Promise.resolve(false) : repository.isOpenCode(db, code);

/** Whether `email` is the address of the customer the loyalty code was made for (codes are the customer's own). */
export async function isLoyaltyCodeOf(db: Queryable, code: string, email: string): Promise<boolean> {
  const personId = await repository.findPersonIdOfCode(db, code);
  const owner = personId === undefined ? undefined : await findPersonById(db, personId);
  return owner !== undefined && isSameEmail(owner.email, email.trim());
}

/** Whether a coupon code is a loyalty code, used or not. */
export const isLoyaltyCode = (db: Queryable, code: string): Promise<boolean> => repository.isLoyaltyCode(db, code);

/**
 * Marks a loyalty code used by a paid order of `buyerEmail` (whether that was its owner is kept); false when it was
 * already used (or is no loyalty code).
 */
export const useLoyaltyCode = async (db: Queryable, code: string, buyerEmail: string): Promise<boolean> =>
  repository.useCode(db, code, await isLoyaltyCodeOf(db, code, buyerEmail));
