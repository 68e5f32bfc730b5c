// @vitest-environment jsdom
import { CURRENT_USER_STORAGE_KEY } from '@store/contracts/constants';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { administratorOutline, supportOutline } from '../../../test/admin-outline';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminSideNav } from './admin-side-nav';

afterEach(() => window.localStorage.clear());

/** The side navigation's group headings and entries in the order shown, as the dropdown's test reads them. */
const outlineFor = (user: { name: string; role?: string }, at = '/admin/dashboard') => {
  window.localStorage.setItem(CURRENT_USER_STORAGE_KEY, JSON.stringify({ token: 'token', ...user }));
  render(
    <MemoryRouter initialEntries={[at]}>
      <AdminSideNav />
    </MemoryRouter>,
  );
  const nav = screen.getByRole('navigation', { name: 'Back office' });
  return [...nav.querySelectorAll('p, a')].map((item) => (item.tagName === 'A' ? item.textContent : `[${item.textContent}]`));
};

describe('the side navigation of wide screens', () => {
  it("shows the ADMIN dropdown's groups and labels in its order", () => {
    expect(outlineFor({ name: 'admin' })).toEqual(administratorOutline);
  });

  it('shows support staff only the groups that hold their entries', () => {
    expect(outlineFor({ name: 'help@plugins.example', role: 'support' })).toEqual(supportOutline);
  });

  it('marks the screen that is open', () => {
    outlineFor({ name: 'admin' }, '/admin/allorders');
    expect(screen.getByRole('link', { name: 'ORDERS' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'DASHBOARD' }).getAttribute('aria-current')).toBeNull();
  });
});
