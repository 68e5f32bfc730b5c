/** A check of a Back or Forward inside the app; `event.stopImmediatePropagation()` keeps it from the router. */
type HistoryGuard = (event: PopStateEvent) => void;

const guards: HistoryGuard[] = [];
let isListening = false;

/**
 * Hands each `popstate` (Back or Forward inside the app) to the newest guard before the router sees it
 * (decision 105). The router listens on window, where Chromium runs the listeners in the order they were added,
 * capture or not, so this must be added before the router mounts (main.tsx). A guard added later by a screen would
 * run after the router has already shown the other page and unmounted that screen.
 */
export function listenToHistoryBeforeRouter(): void {
  if (isListening) return;
  isListening = true;
  // Capture too: browsers that run capture listeners at the target first keep it first as well.
  window.addEventListener('popstate', (event) => guards.at(-1)?.(event), true);
}

/** Gives each Back or Forward to `guard` first, until the function returned is called. */
export function addHistoryGuard(guard: HistoryGuard): () => void {
  guards.push(guard);
  return () => {
    const index = guards.indexOf(guard);
    if (index >= 0) guards.splice(index, 1);
  };
}
