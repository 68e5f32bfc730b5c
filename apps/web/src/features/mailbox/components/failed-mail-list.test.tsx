// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithQueryClient } from '../../../test/render';
import { stubFetch } from '../../../test/fetch-stub';
import { failedMail } from './failed-mail.test-data';
import { FailedMailList } from './failed-mail-list';

const fetchMock = stubFetch();

const renderList = () => renderWithQueryClient(<FailedMailList />);

describe('failed mail list', () => {
  it('lists the mail that failed for good and sends one again with RETRY', async () => {
    fetchMock.answer('GET /api/mail/failed', 200, [failedMail]);
    renderList();
    expect(await screen.findByText('Your Spacey licence')).toBeTruthy();
    expect(screen.getByText(/550 Mailbox unavailable/)).toBeTruthy();
    fetchMock.answer('POST /api/mail/42/retry', 200, { id: 42 });
    fetchMock.answer('GET /api/mail/failed', 200, []);
    fireEvent.click(screen.getByRole('button', { name: 'RETRY' }));
    await vi.waitFor(() => expect(screen.queryByText('Your Spacey licence')).toBeNull());
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(String(url)).toMatch(/\/api\/mail\/42\/retry$/);
    expect(init?.method).toBe('POST');
  });

  it('shows nothing when no mail has failed', async () => {
    fetchMock.answer('GET /api/mail/failed', 200, []);
    const { container } = renderList();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(container.textContent).toBe('');
  });
});
