// @vitest-environment jsdom
import { messages } from '@store/contracts/messages';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { stubFetch } from '../../../test/fetch-stub';
import { TrialPage } from './trial-page';

const fetchMock = stubFetch();
const products = [
  { id: 1, name: 'Spacey', path: 'spacey', description: 'Reverb', price: '49.00', useRsa2048: true, trialDays: 30 },
  { id: 2, name: 'Punch', path: 'punch', description: 'Compressor', price: '29.00', useRsa2048: false, trialDays: 14 },
];
const DEVICE_ID = '0123456789ABCDEF0123456789ABCDEF';

const renderPage = (entry = '/trial') => renderRoutes(entry, { '/trial/:productName?': <TrialPage /> });
const sentBody = (call: number): unknown => JSON.parse(String(fetchMock.mock.calls[call]?.[1]?.body));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('trial page', () => {
  it("preselects the product of the address and sends the Device ID; the result offers the trial's key file", async () => {
    fetchMock.answer('GET /api/product/', 200, JSON.stringify(products));
    fetchMock.answer(
      'POST /api/trial',
      200,
      JSON.stringify({ productName: 'Punch', keyFile: 'trial-key', expiresAt: '2026-12-08T10:00:00.000Z', isNew: true }),
    );
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    // jsdom has no object URLs: these stand in for the browser's.
    const { createObjectURL, revokeObjectURL } = URL;
    onTestFinished(() => {
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    });
    Object.assign(URL, { createObjectURL: () => 'blob:test/1', revokeObjectURL: () => undefined });
    renderPage('/trial/punch');
    expect(await screen.findByRole('heading', { name: 'Try Punch' })).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('Product') as HTMLSelectElement).value).toBe('Punch'));
    fireEvent.change(screen.getByLabelText('Device ID of the offline plug-in'), { target: { value: DEVICE_ID } });
    fireEvent.click(screen.getByRole('button', { name: 'START TRIAL' }));
    const result = await screen.findByTestId('trial-result');
    expect(result.textContent).toMatch(/^Your 14-day trial of Punch runs until .*2026.*Copy Punch_TrialKey\.txt to the computer/);
    expect(sentBody(1)).toEqual({ ProductName: 'Punch', DeviceIdHash: DEVICE_ID, Email: '' });
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/trial');
    fireEvent.click(screen.getByRole('button', { name: 'Download trial key' }));
    expect(saved).toEqual(['Punch_TrialKey.txt']);
  });

  it('checks the fields before sending, and shows the server text under the Device ID', async () => {
    fetchMock.answer('GET /api/product/', 200, JSON.stringify(products));
    renderPage();
    expect(await screen.findByRole('option', { name: 'Spacey (30 days)' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Device ID of the offline plug-in'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'START TRIAL' }));
    expect(await screen.findByText(messages.deviceIdInvalid)).toBeTruthy();
    expect(screen.getByText('Please choose a product')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.answer(
      'POST /api/trial',
      400,
      'The trial of Spacey on this computer ended on 2026-10-01. A computer gets one trial of each product.',
    );
    fireEvent.change(screen.getByLabelText('Product'), { target: { value: 'Spacey' } });
    fireEvent.change(screen.getByLabelText('Device ID of the offline plug-in'), { target: { value: DEVICE_ID } });
    screen.getByRole('button', { name: 'START TRIAL' }).focus();
    fireEvent.click(screen.getByRole('button', { name: 'START TRIAL' }));
    expect(await screen.findByText(/^The trial of Spacey on this computer ended on 2026-10-01\./)).toBeTruthy();
    expect(screen.queryByTestId('trial-result')).toBeNull();
    // The failure's field takes the focus, so a screen reader says it (its description).
    expect(document.activeElement).toBe(screen.getByLabelText('Device ID of the offline plug-in'));
  });
});
