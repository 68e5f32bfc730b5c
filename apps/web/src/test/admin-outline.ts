/**
 * The back office's menu as staff see it, group headings in brackets, in the order shown: the ADMIN dropdown and
 * the side navigation of wide screens must both show exactly this (decisions 053 and 061). Written out here, not
 * read from the menu's list, so that a changed list fails both tests.
 */
export const administratorOutline = [
  '[Sales]',
  'DASHBOARD',
  'ORDERS',
  'ACTIVATION CODES',
  'BATCHES',
  '[Customers]',
  'PERSONS',
  'RESEND SERIAL',
  'ACTIVATION PAGE',
  '[Catalogue]',
  'PRODUCTS',
  'RELEASES',
  'PAGES',
  'UPGRADES',
  'BUNDLES',
  '[System]',
  'STAFF',
  'WEBHOOKS',
  'AUDIT LOG',
  'OUTBOUND WEBHOOKS',
  'API KEYS',
  'MAILBOX',
];

/** What "support" staff see: only the groups that hold their entries (decision 013). */
export const supportOutline = ['[Sales]', 'ORDERS', '[Customers]', 'PERSONS', 'RESEND SERIAL', 'ACTIVATION PAGE'];
