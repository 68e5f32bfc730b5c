// @vitest-environment jsdom
import { CURRENT_USER_STORAGE_KEY } from '@store/contracts/constants';
import type { Dashboard } from '@store/contracts/dashboard';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../../../../test/fetch-stub';
import { renderWithQueryClient } from '../../../../test/render';
import { DashboardPage } from './dashboard-page';

const fetchMock = stubFetch();

beforeEach(() => {
  window.localStorage.setItem(CURRENT_USER_STORAGE_KEY, JSON.stringify({ name: 'admin', token: 'admin-token' }));
});
afterEach(() => window.localStorage.clear());

const day = (start: string) => ({
  start,
  units: 0,
  purchases: 0,
  redemptions: 0,
  adminGrants: 0,
  refunds: 0,
  transfers: 0,
  activations: 0,
});

/** A shop where nothing happened in the period: every bucket zero, no product or country. */
const quietPeriod: Dashboard = {
  period: 'day',
  from: '2026-11-01',
  to: '2026-11-30',
  sales: [],
  activity: [day('2026-11-01'), day('2026-11-02')],
  products: [],
  countries: [],
  totals: {
    units: 0,
    redemptions: 0,
    refunds: 0,
    transfers: 0,
    activations: 0,
    revenue: [],
    transferFees: [],
    refunded: [],
    netRevenue: [],
  },
};

describe('dashboard with nothing in the period', () => {
  it('says in words that the charts and tables have nothing yet, above the empty axes', async () => {
    fetchMock.mockImplementation((url) =>
      Promise.resolve(
        new Response(
          JSON.stringify(
            String(url).includes('/trials')
              ? { from: '2026-11-01', to: '2026-11-30', totals: { downloads: 0, started: 0, converted: 0 }, products: [] }
              : quietPeriod,
          ),
        ),
      ),
    );
    renderWithQueryClient(
      <MemoryRouter>
        <DashboardPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('No revenue yet from 2026-11-01 to 2026-11-30: nothing was paid in this time.')).toBeTruthy();
    expect(screen.getByText('No licences, activations, refunds or transfers yet from 2026-11-01 to 2026-11-30.')).toBeTruthy();
    expect(screen.getByText('No licences yet in this time.')).toBeTruthy();
    expect(screen.getByText('No sales yet in this time.')).toBeTruthy();
  });
});
