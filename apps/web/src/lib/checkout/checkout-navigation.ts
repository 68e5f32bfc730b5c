import { useEffect } from 'react';
import { useNavigate } from 'react-router';

type Navigate = (to: string, options?: { state?: unknown; replace?: boolean }) => void;

let currentNavigate: Navigate | null = null;

/**
 * Navigates from outside React (the checkout script's callbacks) with the router of the mounted app; before the
 * app has mounted, by loading the address.
 */
export function navigateFromCheckout(to: string, options?: { state?: unknown; replace?: boolean }): void {
  if (currentNavigate) currentNavigate(to, options);
  else window.location.assign(to);
}

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
