import '../styles/dropdown.scss';
import { Fragment } from 'react';
import NavDropdown from 'react-bootstrap/NavDropdown';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { adminPaths } from '../features/admin/shared/admin-paths';
import { hasDevMailbox } from '../lib/dev-mailbox';

type Entry = { label: string; to: string; isForSupport: boolean };

/**
 * The entries in groups, in the order staff work through them (issue 29), and whether "support" staff see each
 * (what the server lets that role call). The specification's five entries keep their labels.
 */
const adminGroups: { heading: string; entries: Entry[] }[] = [
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
 * The ADMIN dropdown (spec §2), loaded only for staff: the specified entries and the back office's (decisions 013
 * and 024) in groups with headings; "support" sees only what the role may use, and only groups that hold some
 * (decision 013). MAILBOX ends System: always for administrators (the mail that failed for good, with RETRY, with or
 * without SMTP), for "support" only while the development mailbox holds the mail (decision 011).
 */
export function AdminMenu({ isAdmin }: { isAdmin: boolean }) {
  const hasMailbox = isAdmin || hasDevMailbox();
  const groups = adminGroups
    .map((group) => {
      const allowed = group.entries.filter((entry) => isAdmin || entry.isForSupport);
      const mailbox = group.heading === 'System' && hasMailbox ? [{ label: 'MAILBOX', to: paths.adminMailbox, isForSupport: true }] : [];
      return { heading: group.heading, entries: [...allowed, ...mailbox] };
    })
    .filter((group) => group.entries.length > 0);
  return (
    <NavDropdown title="ADMIN" id="admin-menu">
      {groups.map((group, index) => (
        <Fragment key={group.heading}>
          {index > 0 && <NavDropdown.Divider />}
          <NavDropdown.Header aria-level={2}>{group.heading}</NavDropdown.Header>
          {group.entries.map((entry) => (
            <NavDropdown.Item key={entry.to} as={Link} to={entry.to}>
              {entry.label}
            </NavDropdown.Item>
          ))}
        </Fragment>
      ))}
    </NavDropdown>
  );
}
