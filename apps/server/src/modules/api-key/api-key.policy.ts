import type { ApiKeyCaller } from './api-key.service.js';

/**
 * What a key may reach, one rule per resource of the script API (decision 052): the scope each call needs is
 * named where its route is declared, and this is the one place that says whether a key holds it.
 */
export const scriptApiPolicy = {
  /** Lists and reads of licences (orders: here one order is one licence). */
  canReadLicences: (key: ApiKeyCaller) => key.scopes.includes('orders:read'),
  /** Grants and revokes licences (decision 062). */
  canWriteLicences: (key: ApiKeyCaller) => key.scopes.includes('licences:write'),
  canManagePersons: (key: ApiKeyCaller) => key.scopes.includes('persons:manage'),
  canReadDashboard: (key: ApiKeyCaller) => key.scopes.includes('dashboard:read'),
} satisfies Record<string, ApiKeyPolicy>;

export type ApiKeyPolicy = (key: ApiKeyCaller) => boolean;
