import { messages } from '@store/contracts/messages';
import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { normalizeContentPath } from '../../../lib/initial-data';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useContentPage } from '../api/get-page';
import { getInAppHref } from '../link-interception';

/**
 * Works on the page's HTML once it is shown (price placeholders, buy buttons); may answer a cleanup function.
 * The router passes the shop's enhancer, so this feature does not import the checkout feature.
 */
export type ContentEnhancer = (container: HTMLElement) => void | (() => void);

/**
 * What follows a page's HTML at a path, inside the page, or null: the router passes the product pages' trial
 * downloads (decision 035), so this feature does not import the downloads feature.
 */
export type ContentAfterPage = (path: string) => ReactNode;

type ContentPageProps = { enhance?: ContentEnhancer; renderAfterPage?: ContentAfterPage };

/**
 * A server-supplied content page, rendered as HTML in the same markup the server uses for first paint. What the
 * router adds to its path follows the HTML inside the same <main>, the HTML then in a <div> of its own.
 */
export function ContentPage({ enhance, renderAfterPage }: ContentPageProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const path = normalizeContentPath(location.pathname);
  const { page, isHidden, failure } = useContentPage(location.pathname);
  const containerRef = useRef<HTMLElement>(null);

  useDocumentTitle(isHidden ? undefined : page?.name);

  useEffect(() => {
    // Going home from a missing home page would show nothing: that counts as a failure to load.
    if (failure === 'not-found' && path !== '/') void navigate(paths.home, { replace: true });
    else if (failure !== undefined) void navigate(paths.messageView, { state: { message: messages.pageLoadFailed } });
  }, [failure, path, navigate]);

  useEffect(() => {
    const container = containerRef.current;
    if (!container || !page || isHidden || !enhance) return;
    return enhance(container);
  }, [page, isHidden, enhance]);

  const handleClick = (event: MouseEvent<HTMLElement>) => {
    const href = getInAppHref(event.nativeEvent, event.currentTarget);
    if (href === null) return;
    event.preventDefault();
    void navigate(href);
  };

  const html = { __html: page?.htmlText ?? '' };
  // Decided by the path alone, so the markup changes only with the page it belongs to.
  const after = renderAfterPage?.(path) ?? null;
  return (
    <main
      ref={containerRef}
      className={isHidden ? 'container content-page is-loading' : 'container content-page'}
      aria-busy={isHidden || undefined}
      onClick={handleClick}
      {...(after === null ? { dangerouslySetInnerHTML: html } : {})}
    >
      {after === null ? undefined : (
        <>
          <div dangerouslySetInnerHTML={html} />
          {after}
        </>
      )}
    </main>
  );
}
