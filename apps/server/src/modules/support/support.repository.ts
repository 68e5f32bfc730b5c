import type { SupportRequest } from '@store/contracts/checkout';
import { canonicalEmail } from '@store/contracts/email-address';
import type { Queryable } from '../../db/client.js';

export async function insertSupportRequest(db: Queryable, request: SupportRequest): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO support_request (email, email_canonical, product_name, operating_system, problem_description)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [request.email, canonicalEmail(request.email) ?? null, request.productName, request.operatingSystem, request.problemDescription],
  );
  return rows[0]!.id;
}

export type SupportRequestRow = {
  id: number;
  product_name: string;
  operating_system: string;
  problem_description: string;
  created_at: Date;
};

/** The support requests sent with the address (any spelling of it, decision 030), oldest first. */
export async function listSupportRequestsOf(db: Queryable, email: string): Promise<SupportRequestRow[]> {
  const { rows } = await db.query<SupportRequestRow>(
    `SELECT id, product_name, operating_system, problem_description, created_at FROM support_request
      WHERE email_canonical = $1 ORDER BY id`,
    [canonicalEmail(email) ?? null],
  );
  return rows;
}

/** Deletes the support requests sent with the address (any spelling of it); answers how many. */
export async function deleteSupportRequestsOf(db: Queryable, email: string): Promise<number> {
  const result = await db.query('DELETE FROM support_request WHERE email_canonical = $1', [canonicalEmail(email) ?? null]);
  return result.rowCount ?? 0;
}
