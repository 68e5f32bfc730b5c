// @vitest-environment jsdom
import { CURRENT_USER_STORAGE_KEY } from '@store/contracts/constants';
import type { MailboxEntry } from '@store/contracts/mailbox';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueryClient } from '../../../test/render';
import { stubDevMailbox } from '../../../test/dev-mailbox';
import { stubFetch } from '../../../test/fetch-stub';
import { failedMail } from './failed-mail.test-data';
import { MailboxPage } from './mailbox-page';

const fetchMock = stubFetch();
const serveDevMailbox = stubDevMailbox();
const mail = (overrides: Partial<MailboxEntry>): MailboxEntry => ({
  id: 1,
  to: 'ann@example.com',
  replyTo: null,
  subject: 'Your order SBX-1: Spacey',
  text: 'Hello Ann,\n\nyour order is paid.',
  html: '<!DOCTYPE html><html><body><h1>Thank you for your order</h1><script>parent.alert(1)</script></body></html>',
  attachments: [{ filename: 'Spacey_SerialKey.txt', content: 'key-file' }],
  createdAt: '2026-11-24T10:00:00.000Z',
  sentAt: null,
  ...overrides,
});

const logInAs = (user: { name: string; role?: string }) =>
  window.localStorage.setItem(CURRENT_USER_STORAGE_KEY, JSON.stringify({ ...user, token: 'staff-token' }));
const askedPaths = () => fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').pathname);

beforeEach(() => logInAs({ name: 'admin' }));
afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('with SMTP configured', () => {
  it('lists the mail that failed for good, with RETRY, and asks nothing of the development mailbox', async () => {
    fetchMock.mockImplementation(async () => new Response(JSON.stringify([failedMail])));
    renderWithQueryClient(<MailboxPage />);
    const [entry] = await screen.findAllByTestId('failed-mail');
    expect(entry!.textContent).toContain('Your Spacey licence');
    expect(entry!.textContent).toContain('550 Mailbox unavailable');
    expect(within(entry!).getByRole('button', { name: 'RETRY' })).toBeTruthy();
    expect(screen.getByText(/Mail is delivered over SMTP/)).toBeTruthy();
    expect(screen.getByText(/Mail is delivered over SMTP/).textContent).toContain(
      'A mail that fails every attempt is listed here, to be sent again.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByLabelText('Recipient')).toBeNull();
    expect(askedPaths()).toEqual(['/api/mail/failed']);
  });

  it('tells support staff that the failed mail is listed for administrators, and asks nothing', () => {
    logInAs({ name: 'sue@example.com', role: 'support' });
    renderWithQueryClient(<MailboxPage />);
    expect(screen.getByText(/Mail is delivered over SMTP/).textContent).toBe(
      'Mail is delivered over SMTP and is not kept here. A mail that fails every attempt is listed here for administrators, who can send it again.',
    );
    expect(screen.queryByTestId('failed-mail')).toBeNull();
    expect(askedPaths()).toEqual([]);
  });

  it('says that no mail has failed, without an error', async () => {
    fetchMock.mockImplementation(async () => new Response('[]'));
    renderWithQueryClient(<MailboxPage />);
    expect(await screen.findByText('No mail has failed.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(askedPaths()).toEqual(['/api/mail/failed']);
  });
});

describe('the development mailbox', () => {
  beforeEach(serveDevMailbox);

  it('shows support staff the mail without the failed-mail list, which is the administrator’s', async () => {
    logInAs({ name: 'sue@example.com', role: 'support' });
    fetchMock.mockImplementation(async () => new Response(JSON.stringify([mail({ html: null, attachments: [] })])));
    renderWithQueryClient(<MailboxPage />);
    expect(await screen.findAllByTestId('mail')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(askedPaths()).toEqual(['/api/mailbox']);
  });

  it('previews HTML in a sandboxed frame, keeps the text part’s line breaks and downloads attachments', async () => {
    // The page also lists the mails that failed for good (none here).
    fetchMock.mockImplementation(async (input) =>
      String(input).includes('/mail/failed')
        ? new Response('[]')
        : new Response(JSON.stringify([mail({}), mail({ id: 2, subject: 'Old style', html: null, attachments: [] })])),
    );
    const clicked: string[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    Object.assign(URL, { createObjectURL: () => 'blob:test/1', revokeObjectURL: () => undefined });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderWithQueryClient(<MailboxPage />);
    const [html, oldStyle] = await screen.findAllByTestId('mail');
    const frame = within(html!).getByTitle('HTML preview: Your order SBX-1: Spacey') as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('<h1>Thank you for your order</h1>');

    fireEvent.click(within(html!).getByRole('button', { name: 'Plain text' }));
    const text = within(html!).getByTestId('mail-text');
    expect(text.textContent).toBe('Hello Ann,\n\nyour order is paid.');
    expect(text.style.whiteSpace).toBe('pre-wrap');

    fireEvent.click(within(html!).getByRole('button', { name: 'Spacey_SerialKey.txt' }));
    expect(clicked).toEqual(['Spacey_SerialKey.txt']);

    // A mail in the text-only style shows its text, with no HTML switch.
    expect(within(oldStyle!).getByTestId('mail-text').textContent).toBe('Hello Ann,\n\nyour order is paid.');
    expect(within(oldStyle!).queryByRole('button', { name: 'HTML' })).toBeNull();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  });
});
