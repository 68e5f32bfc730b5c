import '../styles/dropdown.scss';
import NavDropdown from 'react-bootstrap/NavDropdown';
import { Link } from 'react-router';
import { paths } from '../config/paths';

const adminEntries = [
  { label: 'PERSONS', to: paths.adminPersons },
  { label: 'PAGES', to: paths.adminPages },
  { label: 'PRODUCTS', to: paths.adminProducts },
  { label: 'ACTIVATION CODES', to: paths.adminOrders },
  { label: 'ACTIVATION PAGE', to: paths.activate },
  { label: 'MAILBOX', to: paths.adminMailbox },
] as const;

/** The ADMIN dropdown (spec §2), loaded only for the administrator. */
export function AdminMenu() {
  return (
    <NavDropdown title="ADMIN" id="admin-menu">
      {adminEntries.map((entry) => (
        <NavDropdown.Item key={entry.to} as={Link} to={entry.to}>
          {entry.label}
        </NavDropdown.Item>
      ))}
    </NavDropdown>
  );
}
