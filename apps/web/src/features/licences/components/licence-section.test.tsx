// @vitest-environment jsdom
import { CURRENT_USER_STORAGE_KEY } from '@store/contracts/constants';
import type { UserProduct } from '@store/contracts/licence';
import { messages } from '@store/contracts/messages';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { ToastHost } from '../../../components/toast-host';
import { renderRoutes } from '../../../test/render';
import { stubFetch } from '../../../test/fetch-stub';
import { formatDay, formatMoment } from '../licence-rules';
import { LicenceSection } from './licence-section';

const fetchMock = stubFetch();

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();
const spacey: UserProduct = {
  name: 'Spacey',
  useRsa2048: true,
  serialNew: 'key-1024',
  serial2048: 'key-2048',
  licenseActivationDate: daysAgo(31),
  orderId: 7,
  orderDevices: [
    { id: 1, deviceName: 'Offline Device', deviceIdHash: 'a'.repeat(32), deviceIdHashEncrypted: 'offline-key', creationDate: daysAgo(1) },
    { id: 2, deviceName: 'Studio Mac', deviceIdHash: 'b'.repeat(32), deviceIdHashEncrypted: 'mac-key', creationDate: daysAgo(2) },
  ],
};
const punch: UserProduct = {
  name: 'Punch',
  useRsa2048: false,
  serialNew: 'punch-key',
  serial2048: '',
  licenseActivationDate: daysAgo(3),
  orderId: 8,
  orderDevices: [],
};

const renderSection = () => renderRoutes('/userarea', { '/userarea': <LicenceSection />, '/login': <p>login page</p> }, <ToastHost />);

const licence = async (name: string) => within(await screen.findByRole('region', { name }));
const sentBody = (call: number): unknown => JSON.parse(String(fetchMock.mock.calls[call]?.[1]?.body));

beforeEach(() => {
  window.localStorage.setItem(CURRENT_USER_STORAGE_KEY, JSON.stringify({ name: 'ann@example.com', token: 'token-1' }));
});
afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('licence list', () => {
  it('says how many computers a licence takes and "No licences found" when there are none', async () => {
    fetchMock.answer('GET /api/userinfo/products', 200, []);
    renderSection();
    expect(await screen.findByText(messages.noLicences)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Your licences (at most 4 computers can be registered per licence)');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/userinfo/products');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer token-1');
  });

  it('shows per computer until when its key works and when it was last renewed, or that it is permanent', async () => {
    const expiresAt = '2027-02-20T09:00:00.000Z';
    const renewedAt = '2026-11-22T09:30:00.000Z';
    const [offline, studio] = spacey.orderDevices;
    fetchMock.answer('GET /api/userinfo/products', 200, [
      {
        ...spacey,
        orderDevices: [
          { ...offline!, keyExpiresAt: null, renewedAt: null },
          { ...studio!, keyExpiresAt: expiresAt, renewedAt },
          { ...studio!, id: 3, deviceName: 'Laptop', keyExpiresAt: expiresAt, renewedAt: null },
        ],
      },
    ]);
    renderSection();
    const expiries = (await licence('Spacey')).getAllByTestId('key-expiry');
    expect(expiries.map((cell) => cell.textContent)).toEqual([
      'Permanent',
      `${formatDay(expiresAt)}renewed ${formatMoment(renewedAt)}`,
      `${formatDay(expiresAt)}not renewed yet`,
    ]);
    expect(expiries[1]!.querySelector('time')?.getAttribute('datetime')).toBe(expiresAt);
  });

  it('goes to /login when the licences cannot be loaded', async () => {
    fetchMock.answer('GET /api/userinfo/products', 401, 'Please log in.');
    renderSection();
    expect(await screen.findByText('login page')).toBeTruthy();
  });

  it('shows the buttons each licence and device qualifies for', async () => {
    fetchMock.answer('GET /api/userinfo/products', 200, [spacey, punch]);
    renderSection();
    const spaceyCard = await licence('Spacey');
    expect(spaceyCard.getByRole('link', { name: 'Spacey' }).getAttribute('href')).toBe('/products/spacey');
    expect(spaceyCard.getByRole('button', { name: 'Download Actual Key' })).toBeTruthy();
    expect(spaceyCard.getByRole('button', { name: 'Download key for older releases' })).toBeTruthy();
    expect(spaceyCard.getByRole('link', { name: 'Transfer License...' }).getAttribute('href')).toBe('/transferlicense/7');
    const rows = spaceyCard.getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('button', { name: 'Download offline Key' })).toBeTruthy();
    expect(within(rows[1]!).queryByRole('button', { name: 'Download offline Key' })).toBeNull();

    const punchCard = await licence('Punch');
    expect(punchCard.getByRole('link', { name: 'Punch' }).getAttribute('href')).toBe('/products/punch');
    expect(punchCard.queryByRole('button', { name: 'Download key for older releases' })).toBeNull();
    expect(punchCard.queryByRole('link', { name: 'Transfer License...' })).toBeNull();
  });

  it('shows an upgraded licence as upgraded, without a transfer, and the upgrade with the versions it covers (decision 036)', async () => {
    const spacey2: UserProduct = { ...punch, name: 'Spacey 2', orderId: 9, licenseActivationDate: daysAgo(40), upgradedFrom: 'Spacey' };
    fetchMock.answer('GET /api/userinfo/products', 200, [{ ...spacey, upgradedTo: 'Spacey 2' }, spacey2]);
    renderSection();
    const versionOne = await licence('Spacey');
    expect(versionOne.getByTestId('licence-upgraded-to').textContent).toBe(
      'Upgraded to Spacey 2. This licence keeps working for Spacey and stays with you.',
    );
    expect(versionOne.queryByRole('link', { name: 'Transfer License...' })).toBeNull();
    const versionTwo = await licence('Spacey 2');
    expect(versionTwo.getByTestId('licence-covers').textContent).toBe('Spacey and Spacey 2 (upgraded from your Spacey licence)');
    expect(versionTwo.getByRole('link', { name: 'Transfer License...' }).getAttribute('href')).toBe('/transferlicense/9');
  });

  it('says what each key file is for, leading offline computers to the offline key', async () => {
    fetchMock.answer('GET /api/userinfo/products', 200, [spacey]);
    renderSection();
    const card = await licence('Spacey');
    const help = card.getByTestId('key-files-help').textContent ?? '';
    expect(help).toMatch(
      /Spacey_SerialKey\.txt \(Download Actual Key\) proves your licence\. It names no computer, so it does not\s+unlock the plug-in by itself/,
    );
    expect(help).toMatch(
      /For a computer without internet, use Offline Registration .* Download offline Key .* Spacey_OfflineKey\.txt, is the\s+one to load into the plug-in/,
    );
    fireEvent.click(card.getByRole('button', { name: 'Offline Registration' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByTestId('offline-registration-help').textContent).toMatch(
      /appears in the list with Download offline Key: copy that file, Spacey_OfflineKey\.txt,/,
    );
  });

  it("saves the actual key as {product}_SerialKey.txt, the older releases' key under a name of its own, the offline key as {product}_OfflineKey.txt", async () => {
    const saved: { name: string; blob: Blob }[] = [];
    const blobs = new Map<string, Blob>();
    // jsdom has no object URLs: these stand in for the browser's.
    const { createObjectURL, revokeObjectURL } = URL;
    onTestFinished(() => {
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    });
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        const url = `blob:test/${blobs.size}`;
        blobs.set(url, blob);
        return url;
      },
      revokeObjectURL: () => undefined,
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: blobs.get(this.href)! });
    });
    fetchMock.answer('GET /api/userinfo/products', 200, [spacey]);
    renderSection();
    const card = await licence('Spacey');
    fireEvent.click(card.getByRole('button', { name: 'Download Actual Key' }));
    fireEvent.click(card.getByRole('button', { name: 'Download key for older releases' }));
    fireEvent.click(card.getByRole('button', { name: 'Download offline Key' }));
    expect(saved.map((file) => file.name)).toEqual(['Spacey_SerialKey.txt', 'Spacey_SerialKey_OlderReleases.txt', 'Spacey_OfflineKey.txt']);
    expect(await Promise.all(saved.map((file) => file.blob.text()))).toEqual(['key-2048', 'key-1024', 'offline-key']);
  });

  it('says which key file is which, beside its button', async () => {
    fetchMock.answer('GET /api/userinfo/products', 200, [spacey]);
    renderSection();
    const card = await licence('Spacey');
    const descriptionOf = (name: string) => {
      const ids = card.getByRole('button', { name }).getAttribute('aria-describedby') ?? '';
      return ids
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
    };
    expect(descriptionOf('Download Actual Key')).toMatch(/^Spacey_SerialKey\.txt: for the current release of Spacey/);
    expect(descriptionOf('Download key for older releases')).toMatch(/^Spacey_SerialKey_OlderReleases\.txt: for releases of Spacey before/);
  });

  it("shows an offline computer's Device ID, and Offline Registration as a button that works", async () => {
    fetchMock.answer('GET /api/userinfo/products', 200, [spacey]);
    renderSection();
    const card = await licence('Spacey');
    const [offline, online] = card.getAllByRole('row').slice(1);
    expect(within(offline!).getByTestId('device-id').textContent).toBe(`Device ID: ${'a'.repeat(32)}`);
    expect(within(online!).queryByTestId('device-id')).toBeNull();
    const button = card.getByRole('button', { name: 'Offline Registration' });
    expect(button.className).not.toMatch(/secondary|disabled/);
  });

  it('deletes a device and reloads the list', async () => {
    fetchMock.answer('GET /api/userinfo/products', 200, [spacey]);
    fetchMock.answer('DELETE /api/userinfo/orderdevice/1', 200, { ok: true });
    fetchMock.answer('GET /api/userinfo/products', 200, [{ ...spacey, orderDevices: spacey.orderDevices.slice(1) }]);
    renderSection();
    const card = await licence('Spacey');
    const offlineRow = card.getAllByRole('row')[1]!;
    fireEvent.click(within(offlineRow).getByRole('button', { name: 'Delete' }));
    // It asks first: nothing is sent until the removal is confirmed.
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove this computer?' }));
    expect(dialog.getByText('Offline Device')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fireEvent.click(dialog.getByRole('button', { name: 'Remove computer' }));
    await vi.waitFor(() => expect(card.queryByText('Offline Device')).toBeNull());
    expect(await screen.findByText('Offline Device was removed from Spacey.')).toBeTruthy();
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/userinfo/orderdevice/1');
    expect(fetchMock.mock.calls[1]?.[1]?.method).toBe('DELETE');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});

describe('licence details and computers', () => {
  it('tells licences apart: number, purchase date, status, serial with a copy button, free places, transfer date', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const secondPunch: UserProduct = {
      ...punch,
      orderId: 9,
      serial: 'PUNCH-0002',
      purchaseDate: daysAgo(3),
      status: 'active',
      source: 'purchase',
    };
    fetchMock.answer('GET /api/userinfo/products', 200, [
      spacey,
      { ...punch, serial: 'PUNCH-0001', purchaseDate: daysAgo(3), status: 'active', source: 'purchase' },
      secondPunch,
    ]);
    renderSection();
    const punches = await screen.findAllByRole('region', { name: 'Punch' });
    expect(punches.map((card) => within(card).getByTestId('licence-number').textContent)).toEqual(['#8 · Purchased', '#9 · Purchased']);
    const second = within(punches[1]!);
    expect(second.getByTestId('licence-serial').textContent).toBe('PUNCH-0002');
    expect(second.getByTestId('licence-status').textContent).toBe('Active');
    expect(second.getByTestId('free-places').textContent).toBe('4 of 4 places free');
    const transferDate = second.getByTestId('transfer-date').querySelector('time')!.getAttribute('datetime')!;
    expect(Date.parse(transferDate) - Date.parse(secondPunch.licenseActivationDate)).toBe(30 * 24 * 3600 * 1000 + 1);
    fireEvent.click(second.getByRole('button', { name: 'Copy serial number of licence #9' }));
    await vi.waitFor(() => expect(writeText).toHaveBeenCalledWith('PUNCH-0002'));
    expect(await screen.findByText('Serial number copied.')).toBeTruthy();

    const spaceyCard = await licence('Spacey');
    expect(spaceyCard.getByTestId('free-places').textContent).toBe('2 of 4 places free');
    expect(spaceyCard.queryByTestId('transfer-date')).toBeNull(); // it can be transferred already
  });

  it('renames a computer, refusing an empty name before sending', async () => {
    fetchMock.answer('GET /api/userinfo/products', 200, [spacey]);
    fetchMock.answer('PUT /api/userinfo/orderdevice/2', 200, { deviceName: 'Mix room' });
    fetchMock.answer('GET /api/userinfo/products', 200, [
      { ...spacey, orderDevices: [spacey.orderDevices[0]!, { ...spacey.orderDevices[1]!, deviceName: 'Mix room' }] },
    ]);
    renderSection();
    const card = await licence('Spacey');
    fireEvent.click(card.getByRole('button', { name: 'Rename Studio Mac' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Rename computer' }));
    const field = dialog.getByLabelText('Name');
    await vi.waitFor(() => expect((field as HTMLInputElement).value).toBe('Studio Mac'));
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save name' }));
    expect(await dialog.findByText('Please enter a name.')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fireEvent.change(field, { target: { value: 'Mix room' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save name' }));
    expect(await card.findByText('Mix room')).toBeTruthy();
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/userinfo/orderdevice/2');
    expect(fetchMock.mock.calls[1]?.[1]?.method).toBe('PUT');
    expect(sentBody(1)).toEqual({ deviceName: 'Mix room' });
    expect(await screen.findByText('Renamed to Mix room.')).toBeTruthy();
  });

  it('keeps the customer signed in and shows a refused removal in its dialog', async () => {
    fetchMock.answer('GET /api/userinfo/products', 200, [spacey]);
    fetchMock.answer('DELETE /api/userinfo/orderdevice/2', 404, 'Device not found');
    renderSection();
    const card = await licence('Spacey');
    fireEvent.click(within(card.getAllByRole('row')[2]!).getByRole('button', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove this computer?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Remove computer' }));
    expect(await dialog.findByText('Device not found')).toBeTruthy();
    expect(window.localStorage.getItem(CURRENT_USER_STORAGE_KEY)).not.toBeNull();
  });
});

describe('replacing a leaked serial', () => {
  it('asks first, then replaces the keys and shows the new serial', async () => {
    fetchMock.answer('GET /api/userinfo/products', 200, [{ ...punch, serial: 'PUNCH-0001' }]);
    fetchMock.answer('POST /api/userinfo/orders/8/replacekeys', 200, { ok: true });
    fetchMock.answer('GET /api/userinfo/products', 200, [{ ...punch, serial: 'PUNCH-0002' }]);
    renderSection();
    const card = await licence('Punch');
    fireEvent.click(card.getByRole('button', { name: 'Replace keys...' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Replace the keys of Punch?' }));
    expect(dialog.getByText(/The old serial and key files stop working at once/)).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fireEvent.click(dialog.getByRole('button', { name: 'Replace keys' }));
    expect(await screen.findByText('New keys of Punch issued and mailed to you.')).toBeTruthy();
    await vi.waitFor(() => expect(card.getByTestId('licence-serial').textContent).toBe('PUNCH-0002'));
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/userinfo/orders/8/replacekeys');
    expect(fetchMock.mock.calls[1]?.[1]?.method).toBe('POST');
  });

  it("shows the server's refusal in the dialog and changes nothing", async () => {
    fetchMock.answer('GET /api/userinfo/products', 200, [{ ...punch, serial: 'PUNCH-0001' }]);
    fetchMock.answer('POST /api/userinfo/orders/8/replacekeys', 404, 'Licence not found');
    renderSection();
    const card = await licence('Punch');
    fireEvent.click(card.getByRole('button', { name: 'Replace keys...' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Replace the keys of Punch?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Replace keys' }));
    expect(await dialog.findByText('Licence not found')).toBeTruthy();
    expect(card.getByTestId('licence-serial').textContent).toBe('PUNCH-0001');
  });
});

describe('removal code', () => {
  it('focuses a refused code, so a screen reader says why', async () => {
    fetchMock.answer('GET /api/userinfo/products', 200, [spacey]);
    fetchMock.answer('POST /api/userinfo/releasedevice', 400, 'This removal code is not one of this licence.');
    renderSection();
    const form = within((await licence('Spacey')).getByTestId('removal-code-form'));
    fireEvent.change(form.getByLabelText('Removal code from the plug-in'), { target: { value: '1A2B-3C4D-5E6F' } });
    form.getByRole('button', { name: 'Free the place' }).focus();
    fireEvent.click(form.getByRole('button', { name: 'Free the place' }));
    expect(await form.findByText('This removal code is not one of this licence.')).toBeTruthy();
    expect(document.activeElement).toBe(form.getByLabelText('Removal code from the plug-in'));
  });
});

describe('offline registration dialog', () => {
  const openDialog = async () => {
    fireEvent.click((await licence('Spacey')).getByRole('button', { name: 'Offline Registration' }));
    return within(await screen.findByRole('dialog', { name: 'Spacey' }));
  };

  it('requires a 32-character Device ID', async () => {
    fetchMock.answer('GET /api/userinfo/products', 200, [spacey]);
    renderSection();
    const dialog = await openDialog();
    fireEvent.change(dialog.getByLabelText('Device ID of the offline plug-in'), { target: { value: 'x'.repeat(31) } });
    fireEvent.click(dialog.getByRole('button', { name: 'REGISTER' }));
    expect(await dialog.findByText(messages.deviceIdInvalid)).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends the actual key and "Offline Device", then closes and reloads the list', async () => {
    fetchMock.answer('GET /api/userinfo/products', 200, [spacey]);
    fetchMock.answer('POST /api/userinfo/registerproductfordevice', 200, JSON.stringify('device-key-file'));
    fetchMock.answer('GET /api/userinfo/products', 200, [spacey]);
    renderSection();
    const dialog = await openDialog();
    fireEvent.change(dialog.getByLabelText('Device ID of the offline plug-in'), { target: { value: 'c'.repeat(32) } });
    fireEvent.click(dialog.getByRole('button', { name: 'REGISTER' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/userinfo/registerproductfordevice');
    expect(new Headers(fetchMock.mock.calls[1]?.[1]?.headers).get('authorization')).toBeNull();
    expect(sentBody(1)).toEqual({ ProductName: 'Spacey', Key: 'key-2048', DeviceIdHash: 'c'.repeat(32), DeviceName: 'Offline Device' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('shows the server text without quotes, or the generic message without one', async () => {
    fetchMock.answer('GET /api/userinfo/products', 200, [spacey]);
    fetchMock.answer('POST /api/userinfo/registerproductfordevice', 400, 'Unknown product "Spacey".');
    fetchMock.answer('POST /api/userinfo/registerproductfordevice', 500, '');
    renderSection();
    const dialog = await openDialog();
    fireEvent.change(dialog.getByLabelText('Device ID of the offline plug-in'), { target: { value: 'c'.repeat(32) } });
    fireEvent.click(dialog.getByRole('button', { name: 'REGISTER' }));
    expect(await dialog.findByText('Unknown product Spacey.')).toBeTruthy();
    // The failure's field takes the focus, so a screen reader says it (its description).
    expect(document.activeElement).toBe(dialog.getByLabelText('Device ID of the offline plug-in'));
    fireEvent.click(dialog.getByRole('button', { name: 'REGISTER' }));
    expect(await dialog.findByText(messages.somethingWentWrong)).toBeTruthy();
  });

  it('CANCEL closes without sending', async () => {
    fetchMock.answer('GET /api/userinfo/products', 200, [spacey]);
    renderSection();
    const dialog = await openDialog();
    fireEvent.click(dialog.getByRole('button', { name: 'CANCEL' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
