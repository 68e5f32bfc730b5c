// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { stubFetch } from '../../../test/fetch-stub';
import { SendKeyPage } from './send-key-page';

const fetchMock = stubFetch();
const answer = (status: number, body: string) => fetchMock.answer('POST /api/order/resend/', status, body);

const renderPage = () => renderRoutes('/sendlicensekey/Spacey', { '/sendlicensekey/:productName': <SendKeyPage /> });

const send = (email: string) => {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'SEND' }));
};

describe('send license key page', () => {
  it('sends the address and the product of the route, then says where the mail went', async () => {
    answer(200, JSON.stringify({ ok: true }));
    renderPage();
    expect(screen.getByRole('heading', { name: 'Send License Key' })).toBeTruthy();
    send('ann@example.com');
    expect(await screen.findByText('Email sent to ann@example.com')).toBeTruthy();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ email: 'ann@example.com', productName: 'Spacey' });
  });

  it('shows "Send serial failed: ({message})" on failure', async () => {
    answer(429, 'Too many requests.');
    renderPage();
    send('ann@example.com');
    expect(await screen.findByText('Send serial failed: (Too many requests.)')).toBeTruthy();
    // The failure's field takes the focus, so a screen reader says it (its description).
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });
});
