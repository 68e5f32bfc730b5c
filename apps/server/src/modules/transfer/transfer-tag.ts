import { emailField } from '@store/contracts/fields';

/** The checkout tag of a paid transfer: `token;orderId;email;firstName;lastName` (contracts `transferTag`). */
export type TransferTag = { token: string; orderId: number; email: string; firstName: string; lastName: string };

const MAX_NAME_LENGTH = 100;

/** Reads one tag value; null when it is not a complete transfer tag. */
export function parseTransferTag(text: string): TransferTag | null {
  const [token = '', orderId = '', email = '', firstName = '', ...rest] = text.split(';').map((part) => part.trim());
  const lastName = rest.join(';').trim();
  const parsedEmail = emailField.safeParse(email);
  if (token === '' || !/^\d{1,15}$/.test(orderId) || !parsedEmail.success || firstName === '' || lastName === '') return null;
  return {
    token,
    orderId: Number(orderId),
    email: parsedEmail.data,
    firstName: firstName.slice(0, MAX_NAME_LENGTH),
    lastName: lastName.slice(0, MAX_NAME_LENGTH),
  };
}

/**
 * Finds the transfer tag among an order's tags, whatever key the checkout page used: keys naming a transfer
 * first, then any string value (or string in an array) that reads as a transfer tag. A bare string works too.
 */
export function findTransferTag(tags: unknown): TransferTag | null {
  if (typeof tags === 'string') return parseTransferTag(tags);
  if (tags === null || typeof tags !== 'object') return null;
  const entries = Object.entries(tags);
  const ordered = [...entries.filter(([key]) => /transfer/i.test(key)), ...entries.filter(([key]) => !/transfer/i.test(key))];
  for (const [, value] of ordered) {
    for (const candidate of Array.isArray(value) ? value : [value]) {
      const tag = typeof candidate === 'string' && candidate.includes(';') ? parseTransferTag(candidate) : null;
      if (tag) return tag;
    }
  }
  return null;
}
