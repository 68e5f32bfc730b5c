import { useEffect } from 'react';
import { SITE_NAME } from '../config/paths';

/** Sets the document title as the server does: "{title} | Plug-in Store", or the site name alone. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (title === undefined) return;
    document.title = title ? `${title} | ${SITE_NAME}` : SITE_NAME;
  }, [title]);
}
