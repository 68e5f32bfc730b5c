import { NavLink } from 'react-router';
import { isAdminUser, useCurrentUser } from '../../../lib/use-current-user';
import { visibleAdminGroups } from './admin-menu-entries';

/**
 * The back office's side navigation on wide screens (992 px and up, Bootstrap's lg; decision 061): the ADMIN
 * dropdown's groups and labels, from the same list, with the current screen marked. Narrow screens keep the
 * dropdown alone.
 */
export function AdminSideNav() {
  const isAdmin = isAdminUser(useCurrentUser());
  return (
    <nav className="admin-side-nav d-none d-lg-block" aria-label="Back office">
      {visibleAdminGroups(isAdmin).map((group) => {
        const headingId = `admin-side-nav-${group.heading.toLowerCase()}`;
        return (
          <div key={group.heading} className="mb-3">
            <p id={headingId} className="admin-side-nav-heading">
              {group.heading}
            </p>
            <ul className="nav flex-column" aria-labelledby={headingId}>
              {group.entries.map((entry) => (
                <li key={entry.to} className="nav-item">
                  <NavLink to={entry.to} end className="nav-link">
                    {entry.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
