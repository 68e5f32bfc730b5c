// @vitest-environment jsdom
import type { OrderDetail } from '@store/contracts/order-detail';
import { screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../../test/fetch-stub';
import { renderWithQueryClient } from '../../../../test/render';
import { OrderDetailPage } from './order-detail-page';

const fetchMock = stubFetch();

const detail: OrderDetail = {
  licence: {
    id: 7,
    creationDate: '2026-11-01T10:00:00.000Z',
    providerReference: 'SBX261101-1111-22222',
    personId: 3,
    personEmail: 'grace@example.com',
    personName: 'Grace Hopper',
    productId: 1,
    productName: 'Spacey',
    amount: 49,
    refunded: null,
    currency: 'USD',
    source: 'transfer',
    state: 'active',
    kind: null,
    kindFrom: null,
  },
  purchase: {
    providerOrderId: 'po-1',
    reference: 'SBX261101-1111-22222',
    date: '2026-11-01T10:00:00.000Z',
    buyerEmail: 'ada@example.com',
    recipientEmail: '',
    currency: 'USD',
    items: [{ product: 'spacey', name: 'Spacey', isBundle: false, quantity: 2, subtotal: 98, discount: 0, tax: 7.5, total: 105.5 }],
    subtotal: 98,
    discount: 0,
    tax: 7.5,
    total: 105.5,
    coupons: [],
    invoiceUrl: 'https://example.com/invoice/po-1',
    refunds: [
      { reference: 'RET-1', date: '2026-11-03T10:00:00.000Z', isPartial: false, currency: 'USD', amount: 49, revokedLicenceIds: [8] },
    ],
  },
  licences: [
    { id: 7, productName: 'Spacey', state: 'active', personId: 3, personEmail: 'grace@example.com' },
    { id: 8, productName: 'Spacey', state: 'refunded', personId: 2, personEmail: 'ada@example.com' },
  ],
  transfers: [
    {
      id: 1,
      date: '2026-12-05T10:00:00.000Z',
      orderId: 7,
      productName: 'Spacey',
      fromPersonId: 2,
      fromEmail: 'ada@example.com',
      toPersonId: 3,
      toEmail: 'grace@example.com',
      fee: 10,
      currency: 'USD',
      refunded: null,
      providerOrderId: 'po-2',
      providerReference: 'SBX261205-3333-44444',
    },
  ],
  webhookEvents: [
    {
      id: 'ev-1',
      type: 'order.completed',
      providerOrderId: 'po-1',
      receivedAt: '2026-11-01T10:00:01.000Z',
      result: 'processed',
      error: null,
    },
  ],
};

describe('/admin/allorders/{id} (decision 060)', () => {
  it('shows the buyer, items with names, money and tax, the invoice, licences, refunds, transfers and events', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify(detail), { status: 200 }));
    renderWithQueryClient(
      <MemoryRouter initialEntries={['/admin/allorders/7']}>
        <Routes>
          <Route path="/admin/allorders/:id" element={<OrderDetailPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect((await screen.findByTestId('order-buyer')).textContent).toContain('Paid by ada@example.com');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/admin/orders/7');
    expect(screen.getByRole('link', { name: 'FastSpring invoice' }).getAttribute('href')).toBe('https://example.com/invoice/po-1');
    const items = within(screen.getByTestId('order-items'));
    expect(items.getByRole('cell', { name: 'Spacey' })).toBeTruthy();
    expect(items.getAllByRole('cell', { name: 'USD 7.50' })).toHaveLength(2);
    expect(screen.getByTestId('order-licences').textContent).toContain('Order 8: Spacey, refunded, held by ada@example.com');
    expect(screen.getByTestId('order-refunds').textContent).toContain('Refund RET-1 of USD 49.00');
    expect(screen.getByTestId('order-refunds').textContent).toContain('licences 8 ended');
    expect(screen.getByTestId('order-transfers').textContent).toContain(
      'transferred from ada@example.com to grace@example.com, fee USD 10.00 (SBX261205-3333-44444)',
    );
    expect(screen.getByTestId('order-events').textContent).toContain('order.completed (po-1), processed');
  });
});
