import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

const WAIT_MS = 3000;

/** The new screen's first heading inside #root, made focusable; null until it is there and shown. */
const headingOf = (root: HTMLElement): HTMLElement | null => {
  const heading = root.querySelector<HTMLElement>('main h1, h1');
  if (!heading || heading.closest('[aria-busy="true"], .is-loading')) return null;
  return heading;
};

/**
 * After an in-app navigation, moves the keyboard focus to the new screen's heading, as a page load would start
 * at the top: screen-reader and keyboard users hear and continue from the new screen. Lazily loaded screens and
 * content pages arrive a little later, so it waits (up to 3 s) for the heading to appear. Not on the first load,
 * where the browser starts at the skip link.
 */
export function useFocusHeadingOnNavigation(): void {
  const { pathname } = useLocation();
  const previousPath = useRef(pathname);
  useEffect(() => {
    if (previousPath.current === pathname) return;
    previousPath.current = pathname;
    const root = document.getElementById('root');
    if (!root) return;
    const focus = (): boolean => {
      const heading = headingOf(root);
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      // A dialog or a field the user already moved to keeps the focus.
      if (document.activeElement && document.activeElement !== document.body && root.contains(document.activeElement)) return true;
      heading.focus({ preventScroll: true });
      return true;
    };
    if (focus()) return;
    const observer = new MutationObserver(() => {
      if (focus()) observer.disconnect();
    });
    observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy', 'class'] });
    const timer = window.setTimeout(() => observer.disconnect(), WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname]);
}
