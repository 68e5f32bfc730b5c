import type { SupportRequest } from '@store/contracts/checkout';
import type { Queryable } from '../../db/client.js';

export async function insertSupportRequest(db: Queryable, request: SupportRequest): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO support_request (email, product_name, operating_system, problem_description)
     VALUES ($1, $2, $3, $4) RETURNING id`,
    [request.email, request.productName, request.operatingSystem, request.problemDescription],
  );
  return rows[0]!.id;
}
