import type { Queryable } from '../../db/client.js';
import type { StaffRole } from './auth.repository.js';

export type StaffRow = {
  id: number;
  login_name: string;
  role: StaffRole;
  has_password: boolean;
  has_two_factor: boolean;
  created_at: Date;
};

export async function listStaff(db: Queryable): Promise<StaffRow[]> {
  const { rows } = await db.query<StaffRow>(
    `SELECT l.id, l.login_name, l.role, l.email_verified_at IS NOT NULL AS has_password,
            EXISTS (SELECT 1 FROM login_totp t WHERE t.login_id = l.id AND t.enabled_at IS NOT NULL) AS has_two_factor, l.created_at
       FROM login l WHERE l.role <> 'customer' ORDER BY l.id`,
  );
  return rows;
}

/** Sets the role of a login; answers its name and former role, or nothing when there is no such login. */
export async function setRole(db: Queryable, loginId: number, role: StaffRole | 'customer') {
  const { rows } = await db.query<{ login_name: string; before: string }>(
    `UPDATE login l SET role = $2 FROM login old WHERE l.id = $1 AND old.id = l.id RETURNING l.login_name, old.role AS before`,
    [loginId, role],
  );
  return rows[0];
}
