import type { MenuItem, Page } from '@store/contracts/page';
import type { Queryable } from '../../db/client.js';
import { readPageChange, type PageChange } from './page-change.js';

type PageRow = {
  id: number;
  name: string;
  url: string;
  html_text: string;
  date: Date;
  is_main_menu: boolean;
  main_menu_priority: number;
  is_published: boolean;
};

const toPage = (row: PageRow): Page => ({
  id: row.id,
  name: row.name,
  url: row.url,
  htmlText: row.html_text,
  date: row.date.toISOString(),
  isMainMenu: row.is_main_menu,
  mainMenuPriority: row.main_menu_priority,
  isPublished: row.is_published,
});

/** The published page at this URL (drafts are not served). */
export async function findPageByUrl(db: Queryable, url: string): Promise<Page | undefined> {
  const { rows } = await db.query<PageRow>('SELECT * FROM page WHERE lower(url) = lower($1) AND is_published', [url]);
  return rows[0] && toPage(rows[0]);
}

export async function findPageById(db: Queryable, id: number): Promise<Page | undefined> {
  const { rows } = await db.query<PageRow>('SELECT * FROM page WHERE id = $1', [id]);
  return rows[0] && toPage(rows[0]);
}

export async function listPages(db: Queryable): Promise<Page[]> {
  const { rows } = await db.query<PageRow>('SELECT * FROM page ORDER BY id');
  return rows.map(toPage);
}

/** Main-menu entries of published pages, lowest priority number first. */
export async function listMenuItems(db: Queryable): Promise<MenuItem[]> {
  const { rows } = await db.query<MenuItem>(
    'SELECT name, url FROM page WHERE is_main_menu AND is_published ORDER BY main_menu_priority, name, id',
  );
  return rows;
}

type PageFields = Omit<Page, 'id' | 'date'>;
/** A page as a statement left it, with what the change touched (migration 070's page_change, as the trigger says). */
export type ChangedPage = { page: Page; change: PageChange };

const toChangedPage = (row: PageRow & { change: unknown }): ChangedPage => {
  const change = readPageChange(row.change);
  if (!change) throw new Error('page_change answered no change');
  return { page: toPage(row), change };
};

/** The page of this id, locked for the change the caller's transaction makes. */
export async function findPageForUpdate(db: Queryable, id: number): Promise<Page | undefined> {
  const { rows } = await db.query<PageRow>('SELECT * FROM page WHERE id = $1 FOR UPDATE', [id]);
  return rows[0] && toPage(rows[0]);
}

/** Inserts a page; undefined when its URL is taken. */
export async function insertPage(db: Queryable, page: PageFields): Promise<ChangedPage | undefined> {
  const { rows } = await db.query<PageRow & { change: unknown }>(
    `INSERT INTO page (name, url, html_text, is_main_menu, main_menu_priority, is_published) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (lower(url)) DO NOTHING RETURNING *, page_change(NULL, page) AS change`,
    [page.name, page.url, page.htmlText, page.isMainMenu, page.mainMenuPriority, page.isPublished ?? true],
  );
  return rows[0] && toChangedPage(rows[0]);
}

/**
 * Updates a page; undefined when there is none of this id. The caller holds the page's lock (findPageForUpdate), so
 * the row the statement read before is the one it replaced.
 */
export async function updatePage(db: Queryable, id: number, page: PageFields): Promise<ChangedPage | undefined> {
  const { rows } = await db.query<PageRow & { change: unknown }>(
    `UPDATE page SET name = $2, url = $3, html_text = $4, is_main_menu = $5, main_menu_priority = $6, is_published = $7, date = now()
       FROM (SELECT p AS page_row FROM page p WHERE p.id = $1) old
      WHERE page.id = $1 RETURNING page.*, page_change(old.page_row, page) AS change`,
    [id, page.name, page.url, page.htmlText, page.isMainMenu, page.mainMenuPriority, page.isPublished ?? true],
  );
  return rows[0] && toChangedPage(rows[0]);
}

export async function deletePage(db: Queryable, id: number): Promise<ChangedPage | undefined> {
  const { rows } = await db.query<PageRow & { change: unknown }>(
    'DELETE FROM page WHERE id = $1 RETURNING *, page_change(page, NULL) AS change',
    [id],
  );
  return rows[0] && toChangedPage(rows[0]);
}
