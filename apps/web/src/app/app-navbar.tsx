import { lazy, Suspense, useState } from 'react';
import Navbar from 'react-bootstrap/Navbar';
import { Link, NavLink, useLocation } from 'react-router';
import { LOGO_WIDTH_PX } from '@store/contracts/constants';
import { paths, SITE_NAME } from '../config/paths';
import { CartControl } from '../features/checkout/components/cart-control';
import { useMenuItems } from '../features/content/api/get-menu-items';
import { signOut } from '../features/auth/api/sign-out';
import { loginStateReturningTo } from '../lib/landing-path';
import { isAdminUser, isStaffUser, useCurrentUser } from '../lib/use-current-user';
import { useIsMobile } from '../lib/use-is-mobile';

const AdminMenu = lazy(() => import('./admin-menu').then((module) => ({ default: module.AdminMenu })));

const LOGO_HEIGHT_PX = 40;

/**
 * The navigation bar (spec §2): logo, the server's menu entries, SUPPORT, the personal area or LOGIN, LOGOUT
 * and the administrator's ADMIN dropdown. The cart control sits before the brand on narrow screens and after the
 * menu on wide ones; the bar collapses below 992 px.
 */
export function AppNavbar() {
  const user = useCurrentUser();
  const menuItems = useMenuItems();
  const isMobile = useIsMobile();
  const location = useLocation();
  const { pathname } = location;
  const [isExpanded, setExpanded] = useState(false);
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    // Following a link closes the collapsed menu.
    setShownPath(pathname);
    setExpanded(false);
  }

  return (
    <Navbar expand="lg" bg="dark" data-bs-theme="dark" className="app-navbar" expanded={isExpanded} onToggle={setExpanded}>
      <div className="container">
        <div className="d-flex align-items-center gap-2">
          {isMobile && <CartControl />}
          <Navbar.Brand as={Link} to={paths.home}>
            <img src="/logo.svg" width={LOGO_WIDTH_PX} height={LOGO_HEIGHT_PX} alt={SITE_NAME} />
          </Navbar.Brand>
        </div>
        <Navbar.Toggle aria-controls="main-navigation" />
        <Navbar.Collapse id="main-navigation">
          <div className="navbar-nav ms-auto">
            {menuItems.map((item) => (
              <NavLink key={item.url} to={item.url} className="nav-link" end>
                {item.name.toUpperCase()}
              </NavLink>
            ))}
            <NavLink to={paths.support} className="nav-link">
              SUPPORT
            </NavLink>
            {user ? (
              <NavLink to={paths.userArea} className="nav-link">
                MY ACCOUNT
              </NavLink>
            ) : (
              // A back-office screen whose session ended stays open (finding 1 of the web client's review): the login
              // returns staff to it (landingPathOf ignores any other address).
              <NavLink to={paths.login} state={loginStateReturningTo(location)} className="nav-link">
                LOGIN
              </NavLink>
            )}
            {user && (
              <Link to={paths.home} className="nav-link" onClick={signOut}>
                LOGOUT
              </Link>
            )}
            {isStaffUser(user) && (
              <Suspense fallback={null}>
                <AdminMenu isAdmin={isAdminUser(user)} />
              </Suspense>
            )}
          </div>
        </Navbar.Collapse>
        {!isMobile && (
          <div className="ms-lg-3">
            <CartControl />
          </div>
        )}
      </div>
    </Navbar>
  );
}
