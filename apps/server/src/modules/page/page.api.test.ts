import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createPool } from '../../db/client.js';
import { createTestApp, cutListeningConnection } from '../../../test/test-app.js';
import { normalizePageUrl } from './page.service.js';

const PAGE_URL_MESSAGE =
  'url: A page URL has at most 3 segments, with no spaces, no segment of dots only and none of % : $ * < > " ` { } [ ] | \\ ^';
const t = await createTestApp();

describe('public page reads', () => {
  it('answers a page by its URL with slashes sent as *, compared case-insensitively', async () => {
    const response = await t.request({ method: 'GET', url: '/api/page/byUrl/*PRODUCTS*Spacey' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Spacey', url: '/products/spacey', isMainMenu: false });
    expect(response.json().htmlText).toContain('<shop-price product="spacey">');
  });

  it('answers the home page for *', async () => {
    const response = await t.request({ method: 'GET', url: '/api/page/byUrl/*' });
    expect(response.json()).toMatchObject({ url: '/', name: 'Home' });
  });

  it('answers 404 with plain text for an unknown page', async () => {
    const response = await t.request({ method: 'GET', url: '/api/page/byUrl/*no*such*page' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe('Page not found');
  });

  it('lists the main menu by priority', async () => {
    // Pages of this test's own beside the seeded ones (other tests add main-menu pages of theirs, so the menu is
    // read for these URLs only): one between Products (10) and Help (20), one with that priority off the menu.
    const suffix = randomBytes(3).toString('hex');
    const token = await t.adminToken();
    const saveOwn = async (url: string, isMainMenu: boolean) => {
      const saved = await t.request({
        method: 'POST',
        url: '/api/page/',
        token,
        body: { id: -1, name: url, url, isMainMenu, mainMenuPriority: 15 },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    };
    await saveOwn(`/menu-${suffix}`, true);
    await saveOwn(`/off-menu-${suffix}`, false);
    const urls = new Set(['/', '/products', '/help', '/about', `/menu-${suffix}`, `/off-menu-${suffix}`]);
    const response = await t.request({ method: 'GET', url: '/api/page/menuitems' });
    expect((response.json() as { url: string }[]).filter((item) => urls.has(item.url))).toEqual([
      { name: 'Home', url: '/' },
      { name: 'Products', url: '/products' },
      { name: `/menu-${suffix}`, url: `/menu-${suffix}` },
      { name: 'Help', url: '/help' },
      { name: 'About', url: '/about' },
    ]);
  });
});

describe('admin page management', () => {
  it('creates, updates and deletes a page, and the menu follows at once', async () => {
    const token = await t.adminToken();
    const created = await t.request({
      method: 'POST',
      url: '/api/page/',
      token,
      body: { id: -1, name: 'Press', url: '/press/', htmlText: '<h1>Press</h1>', isMainMenu: true, mainMenuPriority: 5 },
    });
    expect(created.statusCode).toBe(200);
    const page = created.json();
    expect(page).toMatchObject({ url: '/press', name: 'Press' });
    expect((await t.request({ method: 'GET', url: '/api/page/menuitems' })).json()).toContainEqual({ name: 'Press', url: '/press' });

    const updated = await t.request({ method: 'POST', url: '/api/page/', token, body: { ...page, name: 'News', isMainMenu: false } });
    expect(updated.json()).toMatchObject({ id: page.id, name: 'News' });
    expect((await t.request({ method: 'GET', url: '/api/page/menuitems' })).json()).not.toContainEqual({ name: 'News', url: '/press' });
    expect((await t.request({ method: 'GET', url: `/api/page/${page.id}`, token })).json().name).toBe('News');

    expect((await t.request({ method: 'DELETE', url: `/api/page/${page.id}`, token })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/page/byUrl/*press' })).statusCode).toBe(404);
    const { rows } = await t.db.query(`SELECT action FROM audit_log WHERE entity = 'page' AND entity_id = $1 ORDER BY id`, [
      String(page.id),
    ]);
    expect(rows.map((row) => row.action)).toEqual(['create', 'update', 'delete']);
  });

  it('creates a page without a name (the new-page default) but refuses to save one without a name', async () => {
    const token = await t.adminToken();
    const created = await t.request({ method: 'POST', url: '/api/page/', token, body: { id: -1, url: '/unnamed' } });
    expect(created.statusCode, created.body).toBe(200);
    const page = created.json();
    const renamed = await t.request({
      method: 'POST',
      url: '/api/page/',
      token,
      body: { ...page, name: '  ', htmlText: '<p>Changed</p>' },
    });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.body).toBe('name: Name is required');
    expect((await t.request({ method: 'GET', url: `/api/page/${page.id}`, token })).json()).toMatchObject({
      name: '',
      htmlText: page.htmlText,
    });
  });

  it('refuses a second page with the same URL in another case', async () => {
    const token = await t.adminToken();
    const response = await t.request({ method: 'POST', url: '/api/page/', token, body: { id: -1, name: 'Dup', url: '/ABOUT' } });
    expect(response.statusCode).toBe(409);
    expect(response.body).toBe('A page with the URL /ABOUT already exists.');
  });

  it('refuses a URL no content route can reach, and an empty one', async () => {
    const token = await t.adminToken();
    const deep = await t.request({ method: 'POST', url: '/api/page/', token, body: { id: -1, name: 'Deep', url: '/a/b/c/d' } });
    expect(deep.statusCode).toBe(400);
    const empty = await t.request({ method: 'POST', url: '/api/page/', token, body: { id: -1, name: 'Empty', url: '' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toBe('url: Url is required');
  });

  it("refuses a URL under the shop's own screens, the API or the assets, which would never show the page", async () => {
    const token = await t.adminToken();
    for (const url of ['/userarea', '/Login/news', '/admin/x', '/account', '/api', '/assets/logo']) {
      const saved = await t.request({ method: 'POST', url: '/api/page/', token, body: { id: -1, name: 'Hidden', url } });
      expect(saved.statusCode, url).toBe(400);
      expect(saved.body, url).toMatch(/^url: .* belongs to the shop's own screens; choose another URL for the page$/);
    }
    expect((await t.db.query(`SELECT 1 FROM page WHERE name = 'Hidden'`)).rows).toEqual([]);
  });

  it('refuses a URL with a character a URL cannot carry as it is, with a message that names them, and keeps letters of any script', async () => {
    const token = await t.adminToken();
    const refused = [
      '/a<b',
      '/say-"hi"',
      '/100%',
      '/100%25',
      '/a:b',
      '/price$',
      '/a`b',
      '/a{b}',
      '/a|b',
      '/my page',
      '/a\u200Bb',
      '/a/../b',
      '/a/.../b',
      '/a/b/c/d',
    ];
    for (const url of refused) {
      const saved = await t.request({ method: 'POST', url: '/api/page/', token, body: { id: -1, name: 'Odd URL', url } });
      expect([saved.statusCode, saved.body], url).toEqual([400, PAGE_URL_MESSAGE]);
    }
    expect((await t.db.query(`SELECT 1 FROM page WHERE name = 'Odd URL'`)).rows).toEqual([]);

    // Every product's page URL (productPageUrl: the name in lower case) can be saved: dots, apostrophes, "+" and accents.
    const suffix = randomBytes(3).toString('hex');
    for (const url of [
      `/products/my-plugin-2-${suffix}`,
      `/Release_Notes-${suffix}`,
      `/products/spacey-2.0-${suffix}`,
      `/products/kate's-eq+${suffix}`,
      `/products/caf\u00e9-${suffix}`,
    ]) {
      const saved = await t.request({ method: 'POST', url: '/api/page/', token, body: { id: -1, name: 'Plain URL', url } });
      expect([saved.statusCode, saved.json().url], url).toEqual([200, url]);
    }
    // A decomposed accent is the same URL as a composed one: it is stored composed, and a second page there is refused.
    const decomposed = await t.request({
      method: 'POST',
      url: '/api/page/',
      token,
      body: { id: -1, name: 'Plain URL', url: `/products/cafe\u0301-${suffix}` },
    });
    expect([decomposed.statusCode, decomposed.body]).toEqual([409, `A page with the URL /products/caf\u00e9-${suffix} already exists.`]);
  });

  it('still serves a page stored with such a URL before the rule, and refuses to save it (400, never 500) until its URL is changed', async () => {
    const token = await t.adminToken();
    const suffix = randomBytes(3).toString('hex');
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO page (name, url, html_text) VALUES ('Old', $1, '<p>Old</p>') RETURNING id`,
      [`/caf\u00e9:${suffix}`],
    );
    const id = rows[0]!.id;
    const read = await t.request({ method: 'GET', url: `/api/page/byUrl/${encodeURIComponent(`*caf\u00e9:${suffix}`)}` });
    expect([read.statusCode, read.json().htmlText]).toEqual([200, '<p>Old</p>']);

    const page = (await t.request({ method: 'GET', url: `/api/page/${id}`, token })).json();
    const kept = await t.request({ method: 'POST', url: '/api/page/', token, body: { ...page, htmlText: '<p>New</p>' } });
    expect([kept.statusCode, kept.body]).toEqual([400, PAGE_URL_MESSAGE]);
    const moved = await t.request({
      method: 'POST',
      url: '/api/page/',
      token,
      body: { ...page, url: `/cafe-${suffix}`, htmlText: '<p>New</p>' },
    });
    expect([moved.statusCode, moved.json().url]).toEqual([200, `/cafe-${suffix}`]);
  });

  it('answers 404 for a missing page id', async () => {
    const token = await t.adminToken();
    expect((await t.request({ method: 'GET', url: '/api/page/999999', token })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: '/api/page/999999', token })).statusCode).toBe(404);
  });
});

describe('draft pages', () => {
  it('serves a page and its menu entry only once it is published; the editor sees the draft', async () => {
    const token = await t.adminToken();
    const draft = await t.request({
      method: 'POST',
      url: '/api/page/',
      token,
      body: {
        id: -1,
        name: 'Launch',
        url: '/launch-draft',
        htmlText: '<h1>Soon</h1>',
        isMainMenu: true,
        mainMenuPriority: 9,
        isPublished: false,
      },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const page = draft.json();
    expect(page.isPublished).toBe(false);
    expect((await t.request({ method: 'GET', url: '/api/page/byUrl/*launch-draft' })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/page/menuitems' })).json()).not.toContainEqual({
      name: 'Launch',
      url: '/launch-draft',
    });
    expect((await t.request({ method: 'GET', url: `/api/page/${page.id}`, token })).json()).toMatchObject({
      isPublished: false,
      htmlText: '<h1>Soon</h1>',
    });

    await t.request({ method: 'POST', url: '/api/page/', token, body: { ...page, isPublished: true } });
    expect((await t.request({ method: 'GET', url: '/api/page/byUrl/*launch-draft' })).json()).toMatchObject({
      name: 'Launch',
      isPublished: true,
    });
    expect((await t.request({ method: 'GET', url: '/api/page/menuitems' })).json()).toContainEqual({
      name: 'Launch',
      url: '/launch-draft',
    });

    // Back to draft: gone from the public site at once.
    await t.request({ method: 'POST', url: '/api/page/', token, body: { ...page, isPublished: false } });
    expect((await t.request({ method: 'GET', url: '/api/page/byUrl/*launch-draft' })).statusCode).toBe(404);
  });

  it("publishes a page saved without the field, as the specification's client does", async () => {
    const token = await t.adminToken();
    const saved = await t.request({
      method: 'POST',
      url: '/api/page/',
      token,
      body: { id: -1, name: 'Plain', url: '/plain-spec', htmlText: 'x' },
    });
    expect(saved.json().isPublished).toBe(true);
    expect((await t.request({ method: 'GET', url: '/api/page/byUrl/*plain-spec' })).statusCode).toBe(200);
  });
});

describe('cached public pages', () => {
  /** A published main-menu page of the calling test's own: what the test edits, no other test reads. */
  const createOwnPage = async () => {
    const url = `/cached-${randomBytes(3).toString('hex')}`;
    const created = await t.request({
      method: 'POST',
      url: '/api/page/',
      token: await t.adminToken(),
      body: { id: -1, name: `Cached ${url}`, url, htmlText: '<p>First</p>', isMainMenu: true, mainMenuPriority: 50 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const page = created.json() as { url: string };
    const read = async (app = t.app) => {
      const response = await app.inject({ method: 'GET', url: `/api/page/byUrl/${page.url.replaceAll('/', '*')}` });
      return response.json() as { htmlText: string; name: string };
    };
    return { url: page.url, read };
  };
  const menuNames = async (app = t.app) =>
    ((await app.inject({ method: 'GET', url: '/api/page/menuitems' })).json() as { name: string }[]).map((item) => item.name);

  it('serves a change made straight in the database (a migration, another process) once it is committed', async () => {
    const page = await createOwnPage();
    await page.read();
    await menuNames(); // both cached now
    await t.db.query(`UPDATE page SET html_text = '<p>Edited in SQL</p>', name = $2 WHERE url = $1`, [page.url, `Renamed ${page.url}`]);
    await expect.poll(async () => (await page.read()).htmlText, { timeout: 5_000 }).toBe('<p>Edited in SQL</p>');
    await expect.poll(menuNames, { timeout: 5_000 }).toContain(`Renamed ${page.url}`);
  });

  it('reads from the database while its listening connection is down, and caches again once it is back', async () => {
    const page = await createOwnPage();
    const cut = await cutListeningConnection(t);
    // Read while deaf: were it kept, the change below, which no notification announces, would go unseen.
    await page.read();
    await t.db.query(`UPDATE page SET html_text = '<p>Changed while deaf</p>' WHERE url = $1`, [page.url]);
    expect(t.app.tableChanges.isListening()).toBe(false); // still deaf (it listens again after a second)
    expect((await page.read()).htmlText).toBe('<p>Changed while deaf</p>');

    await cut.listeningAgain();
    await page.read();
    await t.db.query(`UPDATE page SET html_text = '<p>Heard again</p>' WHERE url = $1`, [page.url]);
    await expect.poll(async () => (await page.read()).htmlText, { timeout: 5_000 }).toBe('<p>Heard again</p>');
  });

  it("serves a page saved through one process from another process's cache", async () => {
    const page = await createOwnPage();
    const db = createPool(t.config.DATABASE_URL!, 3);
    const other = await buildApp({ config: t.config, db, isServingWebApp: false });
    try {
      const before = await page.read(other);
      const saved = await t.request({
        method: 'POST',
        url: '/api/page/',
        token: await t.adminToken(),
        body: { ...before, htmlText: '<p>Saved by the first process</p>' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await page.read()).htmlText).toBe('<p>Saved by the first process</p>'); // this process: at once
      await expect.poll(async () => (await page.read(other)).htmlText, { timeout: 5_000 }).toBe('<p>Saved by the first process</p>');
    } finally {
      await other.close();
      await db.end();
    }
  });
});

describe('normalizePageUrl', () => {
  it('keeps one leading slash, drops trailing slashes and queries, and allows three segments', () => {
    expect(normalizePageUrl('')).toBe('/');
    expect(normalizePageUrl('about/')).toBe('/about');
    expect(normalizePageUrl('/a/b/c?x=1')).toBe('/a/b/c');
    expect(normalizePageUrl('/a/b/c/d')).toBeUndefined();
    expect(normalizePageUrl('/a/../b')).toBeUndefined();
  });
});
