// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { administratorOutline, supportOutline } from '../test/admin-outline';
import { stubDevMailbox } from '../test/dev-mailbox';
import { AdminMenu } from './admin-menu';

const serveDevMailbox = stubDevMailbox();

/** The dropdown's entries, opened, as label → address. */
const openEntries = (isAdmin: boolean) => {
  render(
    <MemoryRouter>
      <AdminMenu isAdmin={isAdmin} />
    </MemoryRouter>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'ADMIN' }));
  return within(screen.getByLabelText('ADMIN'))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
};

describe('MAILBOX in the ADMIN dropdown', () => {
  it('is offered to the administrator with SMTP configured too, for the mail that failed for good', () => {
    expect(openEntries(true).at(-1)).toEqual(['MAILBOX', '/admin/mailbox']);
  });

  it('is offered to support staff only while the development mailbox holds the mail', () => {
    expect(openEntries(false).map(([label]) => label)).not.toContain('MAILBOX');
  });

  it('is the last entry for both while no SMTP is configured', () => {
    serveDevMailbox();
    expect(openEntries(true).at(-1)).toEqual(['MAILBOX', '/admin/mailbox']);
    cleanup();
    expect(openEntries(false).at(-1)).toEqual(['MAILBOX', '/admin/mailbox']);
  });
});

describe('the ADMIN dropdown', () => {
  /** The dropdown's group headings and entries in the order shown. */
  const openOutline = (isAdmin: boolean) => {
    render(
      <MemoryRouter>
        <AdminMenu isAdmin={isAdmin} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'ADMIN' }));
    return [...screen.getByLabelText('ADMIN').querySelectorAll('.dropdown-header, a')].map((item) =>
      item.tagName === 'A' ? item.textContent : `[${item.textContent}]`,
    );
  };

  it('groups its entries as Sales, Customers, Catalogue and System', () => {
    expect(openOutline(true)).toEqual(administratorOutline);
  });

  it('shows support staff only the groups that hold their entries', () => {
    expect(openOutline(false)).toEqual(supportOutline);
  });
});
