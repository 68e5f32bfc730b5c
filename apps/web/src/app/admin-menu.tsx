import '../styles/dropdown.scss';
import { Fragment } from 'react';
import NavDropdown from 'react-bootstrap/NavDropdown';
import { Link } from 'react-router';
import { visibleAdminGroups } from '../features/admin/shared/admin-menu-entries';

/**
 * The ADMIN dropdown (spec §2), loaded only for staff: the specified entries and the back office's (decisions 013
 * and 024) in groups with headings, from the list the side navigation of wide screens shows too (decision 061).
 */
export function AdminMenu({ isAdmin }: { isAdmin: boolean }) {
  return (
    <NavDropdown title="ADMIN" id="admin-menu">
      {visibleAdminGroups(isAdmin).map((group, index) => (
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
