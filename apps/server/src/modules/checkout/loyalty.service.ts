import { randomBytes } from 'node:crypto';
import { isSameEmail } from '@store/contracts/email-address';
import { isSandboxCheckout, type Config } from '../../config.js';
import type { Queryable } from '../../db/client.js';
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
 * the sandbox, which honours the same codes).
 */
export async function getLoyaltyCoupon(options: { db: Queryable; config: Config; caller: CustomerCaller }): Promise<string> {
  const { db, config } = options;
  const personId = await findPersonIdOfLogin(db, options.caller);
  if (personId === undefined || !hasFastSpringApi(config) || !(await repository.hasActiveLicence(db, personId))) return '';
  const open = await repository.findOpenCodeOfPerson(db, personId);
  if (open) return open;
  const code = `LOYAL-${encodeBase32(randomBytes(8)).slice(0, 12)}`;
  if (!isSandboxCheckout(config)) await addLoyaltyCode(config, code);
  return repository.keepOpenCode(db, personId, code);
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

/** Marks a loyalty code used by a paid order; false when it was already used (or is no loyalty code). */
export const useLoyaltyCode = (db: Queryable, code: string): Promise<boolean> => repository.useCode(db, code);
