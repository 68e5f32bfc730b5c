// @vitest-environment jsdom
import { CURRENT_USER_STORAGE_KEY } from '@store/contracts/constants';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render';
import { TrialDownloadsSection } from './trial-downloads-section';

const fetchMock = stubFetch();
const installer = (id: number, platform: string, version = '1.2.0') => ({
  id,
  platform,
  version,
  fileName: `spacey-${version}-${platform}.zip`,
  sizeBytes: 2_400_000,
  sha256: 'a'.repeat(64),
  releaseDate: '2026-10-14',
  channel: 'stable',
  notes: '',
});

const renderSection = (productName = 'spacey') =>
  renderRoutes('/products/spacey', { '/products/:name': <TrialDownloadsSection productName={productName} /> });

afterEach(() => window.localStorage.clear());

describe("a product page's trial downloads", () => {
  it('offers the current installer of each platform to a visitor and says how the trial starts', async () => {
    fetchMock.answer('GET /api/downloads/byProduct/spacey', 200, {
      productName: 'Spacey',
      trialDays: 30,
      downloads: [installer(11, 'macos'), installer(12, 'windows')],
    });
    renderSection();
    const section = within(await screen.findByRole('region', { name: 'Try Spacey free for 30 days' }));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/downloads/byProduct/spacey');
    expect(section.getByRole('button', { name: 'Download Spacey 1.2.0 for macOS' })).toBeTruthy();
    expect(section.getByRole('button', { name: 'Download Spacey 1.2.0 for Windows' })).toBeTruthy();
    expect(section.queryByRole('button', { name: /for Linux/ })).toBeNull();
    expect(section.getByText(/no account needed/)).toBeTruthy();
    expect(section.getByText(/the plug-in starts its 30-day trial by itself/)).toBeTruthy();
    // Offline: the website's trial page by Device ID (decision 017).
    expect(section.getByRole('link', { name: 'start the trial on this website' }).getAttribute('href')).toBe('/trial/Spacey');
  });

  it("asks for the installer's link without the signed-in user's token and starts the download", async () => {
    window.localStorage.setItem(CURRENT_USER_STORAGE_KEY, JSON.stringify({ name: 'someone@example.com', token: 'secret-token' }));
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    fetchMock.answer('GET /api/downloads/byProduct/spacey', 200, {
      productName: 'Spacey',
      trialDays: 30,
      downloads: [installer(12, 'windows')],
    });
    renderSection();
    const button = await screen.findByRole('button', { name: 'Download Spacey 1.2.0 for Windows' });

    fetchMock.answer('GET /api/downloads/12', 429, 'Too many attempts. Please wait a few minutes and try again.');
    fireEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Please wait a few minutes and try again.');
    expect(clicked).toEqual([]);

    fetchMock.answer('GET /api/downloads/12', 200, {
      url: 'http://localhost/downloads/spacey-1.2.0-windows.zip',
      fileName: 'spacey-1.2.0-windows.zip',
      expiresAt: null,
    });
    fireEvent.click(button);
    await vi.waitFor(() =>
      expect(clicked).toEqual([{ href: 'http://localhost/downloads/spacey-1.2.0-windows.zip', download: 'spacey-1.2.0-windows.zip' }]),
    );
    const [path, init] = fetchMock.mock.calls.at(-1)!;
    expect(path).toBe('/api/downloads/12');
    expect(new Headers(init?.headers).has('authorization')).toBe(false);
  });

  it('shows nothing for a page that is no product, or a product without a public installer', async () => {
    fetchMock.answer('GET /api/downloads/byProduct/nothing', 404, 'Product not found');
    const { container, unmount } = renderSection('nothing');
    expect(screen.getByRole('status').textContent).toBe('Loading installers…');
    await vi.waitFor(() => expect(container.textContent).toBe(''));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    unmount();

    fetchMock.answer('GET /api/downloads/byProduct/spacey', 200, { productName: 'Spacey', trialDays: 30, downloads: [] });
    const second = renderSection();
    expect(screen.getByRole('status')).toBeTruthy();
    await vi.waitFor(() => expect(second.container.textContent).toBe(''));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
