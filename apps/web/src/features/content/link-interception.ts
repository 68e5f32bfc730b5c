/** What the rule needs of a click: the keys held, the button, and where it landed. */
export type LinkClick = Pick<MouseEvent, 'button' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey' | 'defaultPrevented' | 'target'>;

/**
 * The in-app path to navigate to for a click inside a content page's HTML, or null to let the browser handle it
 * (spec "Content page behaviour"): only links whose href starts with "/", and not when a modifier key is held,
 * the link targets another window or frame, or it is a download.
 */
export function getInAppHref(click: LinkClick, container: Element): string | null {
  if (click.defaultPrevented || click.button !== 0) return null;
  if (click.ctrlKey || click.metaKey || click.shiftKey || click.altKey) return null;
  const target = click.target;
  if (!(target instanceof Element)) return null;
  const anchor = target.closest('a');
  if (!anchor || !container.contains(anchor)) return null;
  const href = anchor.getAttribute('href');
  // "//host/path" starts with "/" too, but leaves the site.
  if (!href || !href.startsWith('/') || href.startsWith('//')) return null;
  const linkTarget = anchor.getAttribute('target');
  if (linkTarget && linkTarget.toLowerCase() !== '_self') return null;
  if (anchor.hasAttribute('download')) return null;
  return href;
}
