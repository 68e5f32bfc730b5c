import '../styles/dropdown.scss';
import NavDropdown from 'react-bootstrap/NavDropdown';
import { Link } from 'react-router';
import { paths } from '../config/paths';

/** The entries, and whether "support" staff see them (what the server lets that role call). */
const adminEntries = [
  { label: 'PERSONS', to: paths.adminPersons, isForSupport: true },
  { label: 'PAGES', to: paths.adminPages, isForSupport: false },
  { label: 'PRODUCTS', to: paths.adminProducts, isForSupport: false },
  { label: 'ACTIVATION CODES', to: paths.adminOrders, isForSupport: false },
  { label: 'ACTIVATION PAGE', to: paths.activate, isForSupport: true },
  { label: 'STAFF', to: paths.adminStaff, isForSupport: false },
  { label: 'WEBHOOKS', to: paths.adminWebhooks, isForSupport: false },
];

/** The server says so (`<meta name="dev-mailbox">`) when no SMTP is configured and mail stays in its mailbox. */
const hasDevMailbox = () => document.querySelector('meta[name="dev-mailbox"]') !== null;

/**
 * The ADMIN dropdown (spec §2), loaded only for staff: the five specified entries then STAFF for an administrator,
 * only what the role may use for "support" (decision 013), and MAILBOX only while the development mailbox holds
 * the mail (decision 011).
 */
export function AdminMenu({ isAdmin }: { isAdmin: boolean }) {
  const allowed = adminEntries.filter((entry) => isAdmin || entry.isForSupport);
  const entries = hasDevMailbox() ? [...allowed, { label: 'MAILBOX', to: paths.adminMailbox }] : allowed;
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
