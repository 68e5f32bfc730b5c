import { Suspense, useEffect } from 'react';
import { createPortal } from 'react-dom';
import { NavigationType, Outlet, useLocation, useNavigate, useNavigationType } from 'react-router';
import { PageFallback } from '../components/page-fallback';
import { ToastHost } from '../components/toast-host';
import { getInAppHref } from '../features/content/link-interception';
import { useFocusHeadingOnNavigation } from '../lib/use-focus-on-navigation';
import { AppNavbar } from './app-navbar';

/** A new screen starts at its top; back and forward leave scrolling to the browser. */
function useScrollToTopOnNavigation() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== NavigationType.Pop) window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}

/** The footer's links (static HTML in index.html, readable before scripts run) navigate in the app. */
function useInAppFooterLinks() {
  const navigate = useNavigate();
  useEffect(() => {
    const footer = document.getElementById('app-footer');
    if (!footer) return;
    const onClick = (event: MouseEvent) => {
      const href = getInAppHref(event, footer);
      if (href === null) return;
      event.preventDefault();
      void navigate(href);
    };
    footer.addEventListener('click', onClick);
    return () => footer.removeEventListener('click', onClick);
  }, [navigate]);
}

/**
 * The shell: the navbar goes into the document's #app-header, whose height is reserved before scripts run, so
 * the page the server rendered into #root does not move when the app starts. Toasts sit above everything.
 */
export function AppLayout() {
  useScrollToTopOnNavigation();
  useFocusHeadingOnNavigation();
  useInAppFooterLinks();
  const header = document.getElementById('app-header');
  return (
    <>
      {header ? createPortal(<AppNavbar />, header) : <AppNavbar />}
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
      <ToastHost />
    </>
  );
}
