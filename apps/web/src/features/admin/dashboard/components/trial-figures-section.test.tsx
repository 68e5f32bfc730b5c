// @vitest-environment jsdom
import { CURRENT_USER_STORAGE_KEY } from '@store/contracts/constants';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../../../../test/fetch-stub';
import { renderWithQueryClient } from '../../../../test/render';
import { TrialFiguresSection } from './trial-figures-section';

const fetchMock = stubFetch();

beforeEach(() => {
  window.localStorage.setItem(CURRENT_USER_STORAGE_KEY, JSON.stringify({ name: 'admin', token: 'admin-token' }));
});
afterEach(() => window.localStorage.clear());

describe('dashboard: trials', () => {
  it('shows the downloads, trials started and converted of the period, per product with the share converted', async () => {
    fetchMock.answer('GET /api/admin/dashboard/trials?period=week', 200, {
      from: '2026-11-01',
      to: '2026-11-30',
      totals: { downloads: 130, started: 40, converted: 6 },
      products: [
        { productId: 1, productName: 'Spacey', downloads: 100, started: 32, converted: 6 },
        { productId: 2, productName: 'Punch', downloads: 30, started: 8, converted: 0 },
      ],
    });
    renderWithQueryClient(<TrialFiguresSection period="week" />);
    const section = within(await screen.findByRole('region', { name: 'Trials' }));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/admin/dashboard/trials?period=week');
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('authorization')).toBe('Bearer admin-token');
    const totals = within((await section.findByText('Trials started', { selector: 'dt' })).closest('dl')!);
    expect(totals.getByText('Trials started').closest('dl')?.getAttribute('aria-label')).toBe('Trial totals');
    expect(totals.getByText('Trial downloads').nextElementSibling?.textContent).toBe('130');
    expect(totals.getByText('Trials started').nextElementSibling?.textContent).toBe('40');
    expect(totals.getByText('Converted to a purchase').nextElementSibling?.textContent).toBe('6 (15 %)');
    const rows = section.getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Spacey', '100', '32', '6', '19 %'],
      ['Punch', '30', '8', '0', '0 %'],
    ]);
  });

  it('says when nobody tried anything in the period', async () => {
    const figures = { from: '2026-11-01', to: '2026-11-30', totals: { downloads: 0, started: 0, converted: 0 }, products: [] };
    fetchMock.answer('GET /api/admin/dashboard/trials?period=day', 200, figures);
    renderWithQueryClient(<TrialFiguresSection period="day" />);
    expect(await screen.findByText('No trial downloads or trials in this period.')).toBeTruthy();
  });
});
