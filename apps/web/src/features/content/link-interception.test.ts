// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { getInAppHref, type LinkClick } from './link-interception';

const container = document.createElement('main');
document.body.append(container);
afterEach(() => container.replaceChildren());

const linkWith = (attributes: Record<string, string>): HTMLAnchorElement => {
  const anchor = document.createElement('a');
  for (const [name, value] of Object.entries(attributes)) anchor.setAttribute(name, value);
  anchor.innerHTML = '<span>text</span>';
  container.append(anchor);
  return anchor;
};

const click = (target: EventTarget | null, keys: Partial<LinkClick> = {}): LinkClick => ({
  button: 0,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  defaultPrevented: false,
  target,
  ...keys,
});

describe('links inside a content page', () => {
  it('navigates in the app for a link starting with "/", also when the click lands on a child element', () => {
    const anchor = linkWith({ href: '/products/spacey' });
    expect(getInAppHref(click(anchor), container)).toBe('/products/spacey');
    expect(getInAppHref(click(anchor.firstElementChild), container)).toBe('/products/spacey');
  });

  it('accepts an explicit target of _self', () => {
    expect(getInAppHref(click(linkWith({ href: '/help', target: '_self' })), container)).toBe('/help');
  });

  it.each(['ctrlKey', 'metaKey', 'shiftKey', 'altKey'] as const)('leaves the click to the browser with %s held', (key) => {
    expect(getInAppHref(click(linkWith({ href: '/help' }), { [key]: true }), container)).toBeNull();
  });

  it('leaves links with another target, downloads and other buttons to the browser', () => {
    expect(getInAppHref(click(linkWith({ href: '/help', target: '_blank' })), container)).toBeNull();
    expect(getInAppHref(click(linkWith({ href: '/files/manual.pdf', download: '' })), container)).toBeNull();
    expect(getInAppHref(click(linkWith({ href: '/help' }), { button: 1 }), container)).toBeNull();
    expect(getInAppHref(click(linkWith({ href: '/help' }), { defaultPrevented: true }), container)).toBeNull();
  });

  it('leaves external, relative, protocol-relative and anchor links to the browser', () => {
    for (const href of ['https://example.com/', 'help', '//example.com/x', '#top', 'mailto:a@b.c']) {
      expect(getInAppHref(click(linkWith({ href })), container)).toBeNull();
    }
  });

  it('ignores clicks outside links and links outside the page', () => {
    const paragraph = document.createElement('p');
    container.append(paragraph);
    expect(getInAppHref(click(paragraph), container)).toBeNull();
    const outside = document.createElement('a');
    outside.setAttribute('href', '/help');
    document.body.append(outside);
    expect(getInAppHref(click(outside), container)).toBeNull();
  });
});
