import { z } from 'zod';

export const orderSources = ['purchase', 'activation', 'admin', 'transfer', 'import'] as const;
/**
 * A licence's state: `erased` when its owner's personal data was erased (docs/PRIVACY.md), which ended it;
 * `revoked` when the vendor revoked it or FastSpring reported a chargeback (decision 041).
 */
export const orderStates = ['active', 'refunded', 'transferred', 'erased', 'revoked'] as const;

/** How the admin screens name where a licence came from. */
export const orderSourceLabels: Record<(typeof orderSources)[number], string> = {
  purchase: 'FastSpring',
  activation: 'Activation code',
  admin: 'Admin',
  transfer: 'Transfer',
  import: 'Import',
};

/** A row of GET /admin/orders: every licence with its provider reference, owner, product, money, source and status. */
export const orderListRow = z.object({
  id: z.number().int(),
  creationDate: z.string(),
  providerReference: z.string().nullable(),
  personId: z.number().int(),
  personEmail: z.string(),
  personName: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  amount: z.number().nullable(),
  currency: z.string().nullable(),
  source: z.enum(orderSources),
  state: z.enum(orderStates),
});
export type OrderListRow = z.infer<typeof orderListRow>;
