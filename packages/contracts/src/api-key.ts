import { z } from 'zod';

/**
 * What an API key may do (decisions 052, 062): read orders and licences; grant and revoke licences; manage
 * persons; read the dashboard.
 */
export const apiKeyScopes = ['orders:read', 'licences:write', 'persons:manage', 'dashboard:read'] as const;
export const apiKeyScope = z.enum(apiKeyScopes);
export type ApiKeyScope = z.infer<typeof apiKeyScope>;

export const apiKeyScopeLabels: Record<ApiKeyScope, string> = {
  'orders:read': 'Read orders and licences',
  'licences:write': 'Grant and revoke licences',
  'persons:manage': 'Manage persons',
  'dashboard:read': 'Read the dashboard',
};

/** POST /admin/api-keys: a new key's name and scopes. */
export const apiKeyCreateRequest = z.object({
  name: z.string().trim().min(1, 'name: Please enter a name').max(100),
  scopes: z.array(apiKeyScope).min(1, 'scopes: Pick at least one scope').max(apiKeyScopes.length),
});
export type ApiKeyCreateRequest = z.infer<typeof apiKeyCreateRequest>;

/** GET /admin/api-keys: a key as listed (its token is never shown again). */
export const apiKey = z.object({
  id: z.number(),
  name: z.string(),
  /** The token's first characters, to tell keys apart. */
  prefix: z.string(),
  scopes: z.array(apiKeyScope),
  createdBy: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKey>;
export const apiKeyList = z.array(apiKey);

/** The answer of creating a key: the token, shown this once. */
export const apiKeyWithToken = apiKey.extend({ token: z.string() });
export type ApiKeyWithToken = z.infer<typeof apiKeyWithToken>;

/** POST /v1/licences: grants a licence of a product to a person. */
export const licenceGrantRequest = z.object({ productId: z.number().int().positive(), personId: z.number().int().positive() });
