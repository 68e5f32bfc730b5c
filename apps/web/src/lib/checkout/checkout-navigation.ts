import { useEffect } from 'react';
import { matchPath, useNavigate } from 'react-router';
import { routePatterns } from '../../config/paths';

type Navigate = (to: string, options?: { state?: unknown; replace?: boolean }) => void;

let currentNavigate: Navigate | null = null;

/**
 * Navigates from outside React (the checkout script's callbacks) with the router of the mounted app; before the
 * app has mounted, by loading the address.
 */
export function navigateFromCheckout(to: string, options?: { state?: unknown; replace?: boolean }): void {
  if (currentNavigate) currentNavigate(to, options);
  else if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
}

/** The screens that start a checkout by being shown: the direct checkout, the purchase page, the licence transfer. */
const checkoutRoutes = [routePatterns.directUrlCheckout, routePatterns.purchase, routePatterns.transferLicense];

/**
 * Whether `pathname` is one of those screens. Back from the thanks must not show one again: the direct checkout
 * would open the payment popup a second time, the purchase page would put the product back into the emptied cart.
 */
export const isCheckoutRoute = (pathname: string): boolean => checkoutRoutes.some((pattern) => matchPath(pattern, pathname) !== null);

/** Lends the router's navigate function to the checkout's callbacks while the calling component is mounted. */
export function useCheckoutNavigation(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const lent: Navigate = (to, options) => void navigate(to, options);
    currentNavigate = lent;
    return () => {
      if (currentNavigate === lent) currentNavigate = null;
    };
  }, [navigate]);
}
