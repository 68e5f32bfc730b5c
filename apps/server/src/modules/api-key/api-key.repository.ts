import type { Queryable } from '../../db/client.js';

export type ApiKeyRow = {
  id: number;
  name: string;
  prefix: string;
  scopes: string[];
  created_by: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
};

const columns = 'id, name, prefix, scopes, created_by, created_at, last_used_at, revoked_at';

export async function listApiKeys(db: Queryable): Promise<ApiKeyRow[]> {
  return (await db.query<ApiKeyRow>(`SELECT ${columns} FROM api_key ORDER BY revoked_at IS NOT NULL, id DESC`)).rows;
}

export async function insertApiKey(
  db: Queryable,
  key: { name: string; prefix: string; tokenHash: Buffer; scopes: string[]; createdBy: string },
): Promise<ApiKeyRow> {
  const { rows } = await db.query<ApiKeyRow>(
    `INSERT INTO api_key (name, prefix, token_hash, scopes, created_by) VALUES ($1, $2, $3, $4, $5) RETURNING ${columns}`,
    [key.name, key.prefix, key.tokenHash, key.scopes, key.createdBy],
  );
  return rows[0]!;
}

/** Revokes a key; undefined when there is no such key or it was revoked before. */
export async function revokeApiKey(db: Queryable, id: number): Promise<ApiKeyRow | undefined> {
  const { rows } = await db.query<ApiKeyRow>(
    `UPDATE api_key SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING ${columns}`,
    [id],
  );
  return rows[0];
}

/** The key whose token has this hash, if it is not revoked, with its use recorded in the same statement. */
export async function useApiKey(db: Queryable, tokenHash: Buffer): Promise<ApiKeyRow | undefined> {
  const { rows } = await db.query<ApiKeyRow>({
    name: 'api-key-use',
    text: `UPDATE api_key SET last_used_at = now() WHERE token_hash = $1 AND revoked_at IS NULL RETURNING ${columns}`,
    values: [tokenHash],
  });
  return rows[0];
}
