import { Suspense, useEffect } from 'react';
import { createPortal } from 'react-dom';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { PageFallback } from '../components/page-fallback';
import { AppNavbar } from './app-navbar';

/** A new screen starts at its top; back and forward leave scrolling to the browser. */
function useScrollToTopOnNavigation() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}

/**
 * The shell: the navbar goes into the document's #app-header, whose height is reserved before scripts run, so
 * the page the server rendered into #root does not move when the app starts.
 */
export function AppLayout() {
  useScrollToTopOnNavigation();
  const header = document.getElementById('app-header');
  return (
    <>
      {header ? createPortal(<AppNavbar />, header) : <AppNavbar />}
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
    </>
  );
}
