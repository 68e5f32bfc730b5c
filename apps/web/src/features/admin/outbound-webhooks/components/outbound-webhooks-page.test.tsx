// @vitest-environment jsdom
import { CURRENT_USER_STORAGE_KEY } from '@store/contracts/constants';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../../test/render';
import { stubFetch } from '../../../../test/fetch-stub';
import { OutboundWebhooksPage } from './outbound-webhooks-page';

const fetchMock = stubFetch();
const endpoint = {
  id: 4,
  url: 'https://hooks.example.com/store',
  description: 'CRM',
  events: ['licence.issued'],
  isEnabled: true,
  previousSecretExpiresAt: null,
  createdAt: '2026-11-01T10:00:00.000Z',
};
const delivery = {
  id: 9,
  messageId: 'msg_abc',
  eventType: 'licence.issued',
  status: 'failed',
  attempts: 10,
  lastStatusCode: 503,
  lastError: 'answered 503',
  lastAttemptAt: '2026-11-01T12:00:00.000Z',
  replayOf: null,
  createdAt: '2026-11-01T10:00:00.000Z',
};
const secret = 'whsec_' + 'A'.repeat(43) + '=';

beforeEach(() => {
  window.localStorage.setItem(CURRENT_USER_STORAGE_KEY, JSON.stringify({ name: 'admin', token: 'admin-token' }));
});
afterEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
});

describe('outbound webhooks screen', () => {
  it('adds an endpoint with its events and shows the secret once; the log replays a delivery after the confirmation', async () => {
    const calls: string[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${url}`);
      if (method === 'POST' && url.endsWith('/admin/webhooks'))
        return new Response(JSON.stringify({ ...endpoint, secret }), { status: 200 });
      if (method === 'POST') return new Response(JSON.stringify({ ok: true }), { status: 200 });
      if (url.endsWith('/deliveries')) return new Response(JSON.stringify([delivery]), { status: 200 });
      return new Response(JSON.stringify([endpoint]), { status: 200 });
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderRoutes('/admin/outbound-webhooks', { '/admin/outbound-webhooks': <OutboundWebhooksPage /> });
    const row = (await screen.findByText(endpoint.url)).closest('tr')!;

    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'https://hooks.example.com/other' } });
    fireEvent.click(screen.getByLabelText('Refund'));
    fireEvent.click(screen.getByRole('button', { name: 'ADD ENDPOINT' }));
    expect((await screen.findByTestId('webhook-secret')).textContent).toBe(secret);

    fireEvent.click(within(row).getByRole('button', { name: 'LOG' }));
    const log = await screen.findByRole('table', { name: 'Delivery log' });
    expect(within(log).getByText('answered 503')).toBeTruthy();
    fireEvent.click(within(log).getByRole('button', { name: 'REPLAY' }));
    expect(await screen.findByText('The event is queued to be sent again.')).toBeTruthy();
    expect(calls.some((call) => call.startsWith('POST') && call.endsWith('/api/admin/webhook-deliveries/9/replay'))).toBe(true);
  });

  it('edits an endpoint: its address, events and switch are saved with PUT, and the form is for adding again after', async () => {
    const bodies: { method: string; url: string; body: unknown }[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      if (method !== 'GET') bodies.push({ method, url, body: JSON.parse(String(init?.body ?? '{}')) });
      if (method === 'PUT') return new Response(JSON.stringify(endpoint), { status: 200 });
      return new Response(JSON.stringify([endpoint]), { status: 200 });
    });
    renderRoutes('/admin/outbound-webhooks', { '/admin/outbound-webhooks': <OutboundWebhooksPage /> });
    const row = (await screen.findByText(endpoint.url)).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'EDIT' }));

    const form = await screen.findByRole('form', { name: `Edit the webhook endpoint ${endpoint.url}` });
    expect((within(form).getByLabelText('URL') as HTMLInputElement).value).toBe(endpoint.url);
    expect((within(form).getByLabelText('Licence issued') as HTMLInputElement).checked).toBe(true);
    fireEvent.change(within(form).getByLabelText('URL'), { target: { value: 'https://hooks.example.com/moved' } });
    fireEvent.click(within(form).getByLabelText('Refund'));
    fireEvent.click(within(form).getByLabelText('On: events are sent to this address'));
    fireEvent.click(within(form).getByRole('button', { name: 'SAVE ENDPOINT' }));

    expect(await screen.findByText('https://hooks.example.com/moved is saved.')).toBeTruthy();
    expect(bodies).toEqual([
      {
        method: 'PUT',
        url: expect.stringMatching(/\/api\/admin\/webhooks\/4$/),
        body: {
          url: 'https://hooks.example.com/moved',
          description: 'CRM',
          events: ['licence.issued', 'order.refunded'],
          isEnabled: false,
        },
      },
    ]);
    expect(await screen.findByRole('form', { name: 'Add a webhook endpoint' })).toBeTruthy();
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
  });

  // Review 2026-11-28 (web client), finding 9: adding the new endpoint, then deleting the old one.
  it('keeps the secret just shown when another endpoint is deleted, and hides it when its own endpoint is', async () => {
    const added = { ...endpoint, id: 5, url: 'https://hooks.example.com/new' };
    fetchMock.answer('GET /api/admin/webhooks', 200, [endpoint]);
    fetchMock.answer('GET /api/admin/webhooks', 200, [endpoint, added]);
    fetchMock.answer('POST /api/admin/webhooks', 200, { ...added, secret });
    fetchMock.answer('DELETE /api/admin/webhooks/4', 200, { ok: true });
    fetchMock.answer('DELETE /api/admin/webhooks/5', 200, { ok: true });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderRoutes('/admin/outbound-webhooks', { '/admin/outbound-webhooks': <OutboundWebhooksPage /> });
    const oldRow = (await screen.findByText(endpoint.url)).closest('tr')!;
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: added.url } });
    fireEvent.click(screen.getByLabelText('Refund'));
    fireEvent.click(screen.getByRole('button', { name: 'ADD ENDPOINT' }));
    expect((await screen.findByTestId('webhook-secret')).textContent).toBe(secret);

    fireEvent.click(within(oldRow).getByRole('button', { name: 'DELETE' }));
    expect(await screen.findByText(`${endpoint.url} is deleted.`)).toBeTruthy();
    expect(screen.getByTestId('webhook-secret').textContent).toBe(secret);

    const newRow = (await screen.findByText(added.url)).closest('tr')!;
    fireEvent.click(within(newRow).getByRole('button', { name: 'DELETE' }));
    expect(await screen.findByText(`${added.url} is deleted.`)).toBeTruthy();
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
  });
});
