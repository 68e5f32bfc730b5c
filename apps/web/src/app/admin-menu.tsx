import '../styles/dropdown.scss';
import NavDropdown from 'react-bootstrap/NavDropdown';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { adminPaths } from '../features/admin/shared/admin-paths';
import { hasDevMailbox } from '../lib/dev-mailbox';

/** The entries, and whether "support" staff see them (what the server lets that role call). */
const adminEntries = [
  { label: 'PERSONS', to: paths.adminPersons, isForSupport: true },
  { label: 'PAGES', to: paths.adminPages, isForSupport: false },
  { label: 'PRODUCTS', to: paths.adminProducts, isForSupport: false },
  { label: 'ACTIVATION CODES', to: paths.adminOrders, isForSupport: false },
  { label: 'ACTIVATION PAGE', to: paths.activate, isForSupport: true },
  // Beyond the specification's five (decisions 013 and 024).
  { label: 'DASHBOARD', to: adminPaths.dashboard, isForSupport: false },
  { label: 'ORDERS', to: adminPaths.allOrders, isForSupport: true },
  { label: 'BATCHES', to: adminPaths.batches, isForSupport: false },
  { label: 'UPGRADES', to: adminPaths.offers, isForSupport: false },
  { label: 'RESEND SERIAL', to: adminPaths.resendSerial(), isForSupport: true },
  { label: 'AUDIT LOG', to: adminPaths.auditLog, isForSupport: false },
  { label: 'STAFF', to: paths.adminStaff, isForSupport: false },
  { label: 'WEBHOOKS', to: paths.adminWebhooks, isForSupport: false },
  // Decision 052.
  { label: 'OUTBOUND WEBHOOKS', to: adminPaths.outboundWebhooks, isForSupport: false },
  { label: 'API KEYS', to: adminPaths.apiKeys, isForSupport: false },
];

/**
 * The ADMIN dropdown (spec §2), loaded only for staff: the five specified entries, then the back office's
 * (decision 024) and STAFF; "support" sees only what the role may use (decision 013). MAILBOX last: always for
 * administrators (the mail that failed for good, with RETRY, with or without SMTP), for "support" only while the
 * development mailbox holds the mail (decision 011).
 */
export function AdminMenu({ isAdmin }: { isAdmin: boolean }) {
  const allowed = adminEntries.filter((entry) => isAdmin || entry.isForSupport);
  const entries = isAdmin || hasDevMailbox() ? [...allowed, { label: 'MAILBOX', to: paths.adminMailbox }] : allowed;
  return (
    <NavDropdown title="ADMIN" id="admin-menu">
      {entries.map((entry) => (
        <NavDropdown.Item key={entry.to} as={Link} to={entry.to}>
          {entry.label}
        </NavDropdown.Item>
      ))}
    </NavDropdown>
  );
}
