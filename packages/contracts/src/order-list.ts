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

/** What a licence was sold as, beyond a plain purchase (decisions 036 and 054). */
export const orderKinds = ['upgrade', 'crossgrade', 'bundle'] as const;
export type OrderKind = (typeof orderKinds)[number];

/** How the admin screens name a licence's kind: "Upgrade from Spacey", "Crossgrade", "Bundle: Studio Bundle" (decision 057). */
export function orderKindLabel(row: { kind: OrderKind | null; kindFrom: string | null }): string {
  if (row.kind === 'upgrade') return `Upgrade from ${row.kindFrom ?? '?'}`;
  if (row.kind === 'crossgrade') return 'Crossgrade';
  if (row.kind === 'bundle') return `Bundle: ${row.kindFrom ?? '?'}`;
  return '';
}

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
  /** An upgrade, a crossgrade or a licence sold in a bundle; null for any other (decision 057). */
  kind: z.enum(orderKinds).nullable(),
  /** The product upgraded or crossgraded from, or the bundle's name (its FastSpring path once it is no product). */
  kindFrom: z.string().nullable(),
});
export type OrderListRow = z.infer<typeof orderListRow>;
