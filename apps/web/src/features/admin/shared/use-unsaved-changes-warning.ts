import { useEffect } from 'react';

export const unsavedChangesQuestion = 'You have unsaved changes. Leave this page and lose them?';

/**
 * While `isDirty`, leaving the editor asks first: closing or reloading the tab (the browser's own question) and
 * following a link inside the app (a confirmation; the router of this app has no navigation blocker). A link that
 * opens elsewhere (new tab, download) leaves the editor as it is and is not asked about.
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
    window.addEventListener('beforeunload', onBeforeUnload);
    // Capture phase: before the router's link handler navigates.
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [isDirty]);
}
