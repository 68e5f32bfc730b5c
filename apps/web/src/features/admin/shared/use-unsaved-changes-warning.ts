import { useEffect } from 'react';
import { addHistoryGuard } from '../../../lib/history-guard';

export const unsavedChangesQuestion = 'You have unsaved changes. Leave this page and lose them?';

/** The position React Router writes into each history entry it makes (`history.state.idx`); none in an entry of its own. */
function historyIndex(): number | undefined {
  const state: unknown = window.history.state;
  const index = typeof state === 'object' && state !== null && 'idx' in state ? state.idx : undefined;
  return typeof index === 'number' ? index : undefined;
}

/**
 * While `isDirty`, leaving the editor asks first: closing or reloading the tab, or Back to a page outside the app
 * (the browser's own question), following a link inside the app, and the browser's Back or Forward inside the app
 * (a confirmation). The router of this app has no navigation blocker (decision 105), so links are checked in the
 * capture phase, and Back or Forward before the router sees it (`lib/history-guard.ts`): "stay" steps back to the
 * editor's history entry, so its address and unsaved values stay. A link that opens elsewhere (new tab, download)
 * leaves the editor as it is and is not asked about.
 */
export function useUnsavedChangesWarning(isDirty: boolean): void {
  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download')) return;
      if (link.origin !== window.location.origin || link.pathname + link.search === window.location.pathname + window.location.search)
        return;
      if (!window.confirm(unsavedChangesQuestion)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    // The editor's history entry. No entry is added: Back after a save leaves in one press, as before.
    let editorIndex = historyIndex();
    let isReturning = false;
    const onPopState = (event: PopStateEvent) => {
      const nextIndex = historyIndex();
      if (isReturning && nextIndex === editorIndex) {
        // The step back to the editor after "stay": the router never saw it leave.
        isReturning = false;
        event.stopImmediatePropagation();
        return;
      }
      isReturning = false;
      // An entry the router did not make cannot be stepped back from; it is left to the router, as before.
      if (editorIndex === undefined || nextIndex === undefined || nextIndex === editorIndex) return;
      if (window.confirm(unsavedChangesQuestion)) {
        editorIndex = nextIndex;
        return;
      }
      event.stopImmediatePropagation();
      isReturning = true;
      window.history.go(editorIndex - nextIndex);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    // Capture phase: before the router's link handler navigates.
    document.addEventListener('click', onClick, true);
    const removeHistoryGuard = addHistoryGuard(onPopState);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      removeHistoryGuard();
    };
  }, [isDirty]);
}
