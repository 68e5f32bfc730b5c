import { MOBILE_BREAKPOINT_PX } from '@store/contracts/constants';
import { useSyncExternalStore } from 'react';

const subscribe = (listener: () => void) => {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
};
const isMobileWidth = () => window.innerWidth < MOBILE_BREAKPOINT_PX;

/** Whether the window is narrower than the mobile breakpoint (992 px), following resizes (spec §4). */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, isMobileWidth, () => false);
}
