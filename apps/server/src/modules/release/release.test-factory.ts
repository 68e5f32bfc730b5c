// Test data for the release tests: a product's installer of a version, as the product editor saves it.
import type { TestApp } from '../../../test/test-app.js';

/** Saves a macOS installer of `version` on `channel` for the product (the administrator's call); answers the response. */
export const saveInstallerOf = async (t: TestApp, productId: number, version: string, channel = 'stable') =>
  t.request({
    method: 'POST',
    url: `/api/product/${productId}/downloads`,
    token: await t.adminToken(),
    body: {
      platform: 'macos',
      version,
      fileName: 'Spacey.pkg',
      sizeBytes: 1,
      sha256: '',
      releaseDate: '2099-05-01',
      storage: 'url',
      location: '/downloads/s.zip',
      channel,
    },
  });
