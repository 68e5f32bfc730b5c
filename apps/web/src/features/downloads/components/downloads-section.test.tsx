// @vitest-environment jsdom
import { CURRENT_USER_STORAGE_KEY } from '@store/contracts/constants';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { renderWithQueryClient } from '../../../test/render';
import { DownloadsSection } from './downloads-section';

const fetchMock = stubFetch();
const installer = (id: number) => ({
  id,
  platform: 'windows',
  version: '1.2.0',
  fileName: `installer-${id}.zip`,
  sizeBytes: 2_400_000,
  sha256: 'a'.repeat(64),
  releaseDate: '2026-10-14',
  notes: '',
  channel: 'stable',
  isCurrent: true,
});

beforeEach(() => {
  window.localStorage.setItem(CURRENT_USER_STORAGE_KEY, JSON.stringify({ name: 'ann@example.com', token: 'token-1' }));
});
afterEach(() => window.localStorage.clear());

describe("the customer area's downloads", () => {
  it("names each product's article by its heading, also for a name with spaces", async () => {
    fetchMock.answer('GET /api/userinfo/downloads', 200, [
      { productName: 'Space Echo', downloads: [installer(1)] },
      { productName: 'Spacey', downloads: [installer(2)] },
    ]);
    renderWithQueryClient(<DownloadsSection userName="ann@example.com" />);
    await screen.findByRole('heading', { name: 'Space Echo' });
    expect(screen.getByRole('article', { name: 'Space Echo' })).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Spacey' })).toBeTruthy();
  });
});
