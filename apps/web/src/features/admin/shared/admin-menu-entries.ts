import { paths } from '../../../config/paths';
import { hasDevMailbox } from '../../../lib/dev-mailbox';
import { adminPaths } from './admin-paths';

export type AdminMenuEntry = { label: string; to: string; isForSupport: boolean };
export type AdminMenuGroup = { heading: string; entries: AdminMenuEntry[] };

/**
 * The back office's entries in groups, in the order staff work through them (issue 29), and whether "support"
 * staff see each (what the server lets that role call). The specification's five entries keep their labels. The
 * ADMIN dropdown and the side navigation of wide screens both show this list (decision 061): an entry added here
 * appears in both.
 */
const adminGroups: AdminMenuGroup[] = [
  {
    heading: 'Sales',
    entries: [
      { label: 'DASHBOARD', to: adminPaths.dashboard, isForSupport: false },
      { label: 'ORDERS', to: adminPaths.allOrders, isForSupport: true },
      { label: 'ACTIVATION CODES', to: paths.adminOrders, isForSupport: false },
      { label: 'BATCHES', to: adminPaths.batches, isForSupport: false },
    ],
  },
  {
    heading: 'Customers',
    entries: [
      { label: 'PERSONS', to: paths.adminPersons, isForSupport: true },
      { label: 'RESEND SERIAL', to: adminPaths.resendSerial(), isForSupport: true },
      { label: 'ACTIVATION PAGE', to: paths.activate, isForSupport: true },
    ],
  },
  {
    heading: 'Catalogue',
    entries: [
      { label: 'PRODUCTS', to: paths.adminProducts, isForSupport: false },
      // Publishing a release and its mail to the owners (issue 26, decision 058).
      { label: 'RELEASES', to: adminPaths.releases(), isForSupport: false },
      { label: 'PAGES', to: paths.adminPages, isForSupport: false },
      { label: 'UPGRADES', to: adminPaths.offers, isForSupport: false },
      { label: 'BUNDLES', to: adminPaths.bundles, isForSupport: false },
    ],
  },
  {
    heading: 'System',
    entries: [
      { label: 'STAFF', to: paths.adminStaff, isForSupport: false },
      { label: 'WEBHOOKS', to: paths.adminWebhooks, isForSupport: false },
      { label: 'AUDIT LOG', to: adminPaths.auditLog, isForSupport: false },
      // Decision 052.
      { label: 'OUTBOUND WEBHOOKS', to: adminPaths.outboundWebhooks, isForSupport: false },
      { label: 'API KEYS', to: adminPaths.apiKeys, isForSupport: false },
    ],
  },
];

/**
 * The groups a staff login sees: "support" only what the role may use, and only groups that hold some (decision
 * 013). MAILBOX ends System: always for administrators (the mail that failed for good, with RETRY, with or without
 * SMTP), for "support" only while the development mailbox holds the mail (decision 011).
 */
export function visibleAdminGroups(isAdmin: boolean): AdminMenuGroup[] {
  const hasMailbox = isAdmin || hasDevMailbox();
  return adminGroups
    .map((group) => {
      const allowed = group.entries.filter((entry) => isAdmin || entry.isForSupport);
      const mailbox = group.heading === 'System' && hasMailbox ? [{ label: 'MAILBOX', to: paths.adminMailbox, isForSupport: true }] : [];
      return { heading: group.heading, entries: [...allowed, ...mailbox] };
    })
    .filter((group) => group.entries.length > 0);
}
