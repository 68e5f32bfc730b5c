import { z } from 'zod';

/** One staff action (GET /admin/audit, paged like the persons list). */
export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  /** The state before and after, as JSON text ('' when none). */
  before: z.string(),
  after: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
