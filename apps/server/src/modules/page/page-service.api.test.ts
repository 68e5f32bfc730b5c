import { randomBytes } from 'node:crypto';
import { pageSaveRequest } from '@store/contracts/page';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.js';

const t = await createTestApp();

describe('the page service built once by buildApp (decision 063)', () => {
  it('holds its database and cache: a saved page is served at once and a deleted one is gone at once', async () => {
    const url = `/built-once-${randomBytes(3).toString('hex')}`;
    await expect(t.app.pages.getPageByUrl(url)).rejects.toThrow('Page not found');
    const saved = await t.app.pages.savePage('admin', pageSaveRequest.parse({ id: -1, name: 'Built once', url, isPublished: true }));
    expect((await t.app.pages.getPageByUrl(url)).name).toBe('Built once');
    expect((await t.app.pages.getPage(saved.id)).url).toBe(url);
    expect((await t.app.pages.listPages()).map((page) => page.url)).toContain(url);
    await t.app.pages.deletePage('admin', saved.id);
    await expect(t.app.pages.getPageByUrl(url)).rejects.toThrow('Page not found');
  });
});
