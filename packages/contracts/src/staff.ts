import { z } from 'zod';
import { emailField } from './fields.js';

/** What a staff login may do: "admin" everything; "support" persons, orders, mails and key resends. */
export const staffRole = z.enum(['admin', 'support']);
export type StaffRole = z.infer<typeof staffRole>;

/** GET /staff: the staff logins (the built-in administrator first). */
export const staffMember = z.object({
  id: z.number(),
  name: z.string(),
  role: staffRole,
  /** The invited member has set a password through the mailed link. */
  hasPassword: z.boolean(),
  hasTwoFactor: z.boolean(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMember>;
export const staffList = z.array(staffMember);

/** POST /staff: invites an address (a mailed link sets the password), or gives an existing login a role. */
export const staffInviteRequest = z.object({ email: emailField, role: staffRole });
export type StaffInviteRequest = z.infer<typeof staffInviteRequest>;

/** PUT /staff/{id}: changes the role. */
export const staffRoleRequest = z.object({ role: staffRole });

/**
 * The back office's screens (decision 033). `GET /admin/screens/{screen}` answers 200 when the caller may open the
 * screen, 403 when the caller is signed in but not permitted, 401 when not signed in: the web app asks the server.
 */
export const backOfficeScreen = z.enum([
  'dashboard',
  'persons',
  'pages',
  'products',
  'activationCodes',
  'orders',
  'orderDetail',
  'batches',
  'audit',
  'resendSerial',
  'mailbox',
  'staff',
  'webhooks',
  'offers',
  'outboundWebhooks',
  'apiKeys',
  'bundles',
  'releases',
]);
export type BackOfficeScreen = z.infer<typeof backOfficeScreen>;
export const backOfficeScreenParams = z.object({ screen: backOfficeScreen });
