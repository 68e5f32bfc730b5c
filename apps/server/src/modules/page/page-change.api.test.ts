import { randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../../test/test-app.js';
import { readPageChange, type PageChange } from './page-change.js';

// What a change of a page touched is decided once (migration 070's page_change): this process forgets what its
// own save or delete answers, the others what the trigger's notification says. Both must say the same.
const t = await createTestApp();
const heard: PageChange[] = [];
t.app.tableChanges.subscribe('page_changed', (reason, payload) => {
  const change = reason === 'changed' ? readPageChange(payload) : undefined;
  if (change) heard.push(change);
});

type Fields = { isMainMenu: boolean; isPublished: boolean; name?: string; htmlText?: string };
type Step = { method: 'POST' | 'DELETE'; fields?: Fields };
type Case = { name: string; before?: Fields; step: Step; isMenuChanged: boolean };

const menuPage: Fields = { isMainMenu: true, isPublished: true };
const draftMenuPage: Fields = { isMainMenu: true, isPublished: false };
const plainPage: Fields = { isMainMenu: false, isPublished: true };

// The menu changed when a published main-menu page's entry (name, URL, priority) appears, goes or differs.
const cases: Case[] = [
  { name: 'a published main-menu page created', step: { method: 'POST', fields: menuPage }, isMenuChanged: true },
  { name: 'a draft main-menu page created', step: { method: 'POST', fields: draftMenuPage }, isMenuChanged: false },
  { name: 'a page off the menu created', step: { method: 'POST', fields: plainPage }, isMenuChanged: false },
  {
    name: 'a draft main-menu page renamed',
    before: draftMenuPage,
    step: { method: 'POST', fields: { ...draftMenuPage, name: 'Renamed' } },
    isMenuChanged: false,
  },
  { name: 'a draft main-menu page published', before: draftMenuPage, step: { method: 'POST', fields: menuPage }, isMenuChanged: true },
  { name: 'a main-menu page withdrawn', before: menuPage, step: { method: 'POST', fields: draftMenuPage }, isMenuChanged: true },
  {
    name: 'a main-menu page renamed',
    before: menuPage,
    step: { method: 'POST', fields: { ...menuPage, name: 'Renamed' } },
    isMenuChanged: true,
  },
  {
    name: "a main-menu page's text changed",
    before: menuPage,
    step: { method: 'POST', fields: { ...menuPage, htmlText: '<p>new</p>' } },
    isMenuChanged: false,
  },
  { name: 'a page taken into the menu', before: plainPage, step: { method: 'POST', fields: menuPage }, isMenuChanged: true },
  { name: 'a draft main-menu page deleted', before: draftMenuPage, step: { method: 'DELETE' }, isMenuChanged: false },
  { name: 'a published main-menu page deleted', before: menuPage, step: { method: 'DELETE' }, isMenuChanged: true },
  { name: 'a page off the menu deleted', before: plainPage, step: { method: 'DELETE' }, isMenuChanged: false },
];

const save = async (body: Record<string, unknown>) => {
  const response = await t.request({ method: 'POST', url: '/api/page/', token: await t.adminToken(), body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: number };
};

describe('what a change of a page tells the page caches', () => {
  it.each(cases.map((entry) => [entry.name, entry] as const))('%s', async (_name, entry) => {
    const url = `/change-${randomBytes(4).toString('hex')}`;
    const page = { name: 'Page', url, htmlText: '<p>old</p>', mainMenuPriority: 50 };
    const id = entry.before ? (await save({ id: 0, ...page, ...entry.before })).id : 0;
    const heardOfPage = () => heard.filter((change) => change.urls.includes(url));
    await expect.poll(() => heardOfPage().length).toBe(entry.before ? 1 : 0);
    heard.length = 0;

    const forget = vi.spyOn(t.app.pageCache, 'forget');
    try {
      if (entry.step.method === 'POST') await save({ ...page, ...entry.step.fields, id });
      else expect((await t.request({ method: 'DELETE', url: `/api/page/${id}`, token: await t.adminToken() })).statusCode).toBe(200);
      const urls = entry.before && entry.step.method === 'POST' ? [url, url] : [url];
      const expected = { urls, isMenuChanged: entry.isMenuChanged };
      expect(forget.mock.calls).toEqual([[expected]]);
      await expect.poll(heardOfPage).toEqual([expected]);
    } finally {
      forget.mockRestore();
    }
  });
});
