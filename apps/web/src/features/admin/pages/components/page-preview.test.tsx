// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PagePreview } from './page-preview';

describe('PagePreview', () => {
  it('renders the HTML in the public page markup and runs the enhancer on every change', () => {
    const cleanupEnhancement = vi.fn();
    const enhance = vi.fn((_container: HTMLElement) => cleanupEnhancement);
    const { rerender } = render(<PagePreview html='<h1>First</h1><shop-price product="spacey"></shop-price>' enhance={enhance} />);
    const heading = screen.getByRole('heading', { name: 'First' });
    const container = heading.parentElement!;
    expect(container.className).toBe('container content-page');
    expect(enhance).toHaveBeenCalledWith(container);

    rerender(<PagePreview html="<h1>Second</h1>" enhance={enhance} />);
    expect(screen.getByRole('heading', { name: 'Second' })).toBeTruthy();
    expect(cleanupEnhancement).toHaveBeenCalledTimes(1);
    expect(enhance).toHaveBeenCalledTimes(2);
  });

  it('keeps the editor on screen when a link in the preview is clicked', () => {
    render(<PagePreview html='<a href="/help">Help</a>' />);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    fireEvent(screen.getByRole('link', { name: 'Help' }), click);
    expect(click.defaultPrevented).toBe(true);
  });
});
