import '../styles/dropdown.scss';
import NavDropdown from 'react-bootstrap/NavDropdown';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { adminPaths } from '../features/admin/shared/admin-paths';

const adminEntries = [
  { label: 'PERSONS', to: paths.adminPersons },
  { label: 'PAGES', to: paths.adminPages },
  { label: 'PRODUCTS', to: paths.adminProducts },
  { label: 'ACTIVATION CODES', to: paths.adminOrders },
  { label: 'ACTIVATION PAGE', to: paths.activate },
  // Beyond the specification's five (decision 024).
  { label: 'DASHBOARD', to: adminPaths.dashboard },
  { label: 'ORDERS', to: adminPaths.allOrders },
  { label: 'BATCHES', to: adminPaths.batches },
  { label: 'RESEND SERIAL', to: adminPaths.resendSerial() },
  { label: 'AUDIT LOG', to: adminPaths.auditLog },
];

/** The server says so (`<meta name="dev-mailbox">`) when no SMTP is configured and mail stays in its mailbox. */
const hasDevMailbox = () => document.querySelector('meta[name="dev-mailbox"]') !== null;

/**
 * The ADMIN dropdown (spec §2), loaded only for the administrator: the five specified entries, the back office's
 * (decision 024), and MAILBOX only while the development mailbox holds the mail (decision 011).
 */
export function AdminMenu() {
  const entries = hasDevMailbox() ? [...adminEntries, { label: 'MAILBOX', to: paths.adminMailbox }] : adminEntries;
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
