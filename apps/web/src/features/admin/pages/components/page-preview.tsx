import { useEffect, useRef, type MouseEvent } from 'react';

/** Works on the shown HTML as on the public page (price placeholders, buy buttons); may answer a cleanup. */
export type PreviewEnhancer = (container: HTMLElement) => void | (() => void);

type PagePreviewProps = { html: string; enhance?: PreviewEnhancer | undefined };

/**
 * The page as visitors see it: the public page's markup (`container content-page`, a div here because the editor
 * screen already has its <main>) and its enhancer, so prices show. Links do not navigate: the edit would be lost.
 */
export function PagePreview({ html, enhance }: PagePreviewProps) {
  const containerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (!container || !enhance) return;
    return enhance(container);
  }, [html, enhance]);

  const stayOnEditor = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target instanceof Element && event.target.closest('a[href]')) event.preventDefault();
  };

  return (
    <div className="page-preview border rounded" aria-label="Preview" role="region">
      <div ref={containerRef} className="container content-page" onClick={stayOnEditor} dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}
