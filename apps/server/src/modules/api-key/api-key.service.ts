import { createHash, randomBytes } from 'node:crypto';
import type { ApiKey, ApiKeyCreateRequest, ApiKeyScope, ApiKeyWithToken } from '@store/contracts/api-key';
import { withTransaction, type Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { recordAudit } from '../audit/index.js';
import * as repository from './api-key.repository.js';

/** What every API key token starts with, so it is recognisable (in a leaked file, by secret scanners). */
export const API_KEY_PREFIX = 'psk_';
/** Characters of the token kept in the clear to tell keys apart: the prefix and six of the random part. */
const SHOWN_LENGTH = API_KEY_PREFIX.length + 6;

/** The caller of a script call: the key, as the auth hook found it. */
export type ApiKeyCaller = { id: number; name: string; scopes: ApiKeyScope[] };
/** The audit's actor of a change made with a key. */
export const auditActorOfKey = (key: ApiKeyCaller): string => `api-key:${key.name}`;

const hashToken = (token: string): Buffer => createHash('sha256').update(token).digest();

const toApiKey = (row: repository.ApiKeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes as ApiKeyScope[],
  createdBy: row.created_by,
  createdAt: row.created_at.toISOString(),
  lastUsedAt: row.last_used_at?.toISOString() ?? null,
  revokedAt: row.revoked_at?.toISOString() ?? null,
});
const auditView = (row: repository.ApiKeyRow) => ({ name: row.name, prefix: row.prefix, scopes: row.scopes });

/** Every key, the revoked ones last; never their tokens. */
export async function listApiKeys(db: Db): Promise<ApiKey[]> {
  return (await repository.listApiKeys(db)).map(toApiKey);
}

/** Creates a key: 256 random bits after API_KEY_PREFIX, of which only the SHA-256 is stored. The token is answered this once. */
export async function createApiKey(options: { db: Db; caller: { name: string }; key: ApiKeyCreateRequest }): Promise<ApiKeyWithToken> {
  const token = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return withTransaction(options.db, async (client) => {
    const row = await repository.insertApiKey(client, {
      name: options.key.name,
      prefix: token.slice(0, SHOWN_LENGTH),
      tokenHash: hashToken(token),
      scopes: [...new Set(options.key.scopes)],
      createdBy: options.caller.name,
    });
    await recordAudit(client, { actor: options.caller.name, action: 'create', entity: 'api-key', entityId: row.id, after: auditView(row) });
    return { ...toApiKey(row), token };
  });
}

/** Revokes a key: from now on every call with it is refused (401). */
export async function revokeApiKey(options: { db: Db; caller: { name: string }; id: number }): Promise<void> {
  await withTransaction(options.db, async (client) => {
    const row = await repository.revokeApiKey(client, options.id);
    if (!row) throw notFound('No such API key, or it is revoked already.');
    await recordAudit(client, {
      actor: options.caller.name,
      action: 'delete',
      entity: 'api-key',
      entityId: row.id,
      before: auditView(row),
    });
  });
}

/** The key a token belongs to, unless revoked, with its last use set to now; undefined for any other token. */
export async function useApiKey(db: Db, token: string): Promise<ApiKeyCaller | undefined> {
  if (!token.startsWith(API_KEY_PREFIX)) return undefined;
  const row = await repository.useApiKey(db, hashToken(token));
  return row ? { id: row.id, name: row.name, scopes: row.scopes as ApiKeyScope[] } : undefined;
}
