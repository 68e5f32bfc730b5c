import type { MenuItem, Page } from '@store/contracts/page';
import type { Queryable } from '../../db/client.js';

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

/** Inserts a page; undefined when its URL is taken. */
export async function insertPage(db: Queryable, page: PageFields): Promise<Page | undefined> {
  const { rows } = await db.query<PageRow>(
    `INSERT INTO page (name, url, html_text, is_main_menu, main_menu_priority, is_published) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (lower(url)) DO NOTHING RETURNING *`,
    [page.name, page.url, page.htmlText, page.isMainMenu, page.mainMenuPriority, page.isPublished ?? true],
  );
  return rows[0] && toPage(rows[0]);
}

export async function updatePage(db: Queryable, id: number, page: PageFields): Promise<Page | undefined> {
  const { rows } = await db.query<PageRow>(
    `UPDATE page SET name = $2, url = $3, html_text = $4, is_main_menu = $5, main_menu_priority = $6, is_published = $7, date = now()
      WHERE id = $1 RETURNING *`,
    [id, page.name, page.url, page.htmlText, page.isMainMenu, page.mainMenuPriority, page.isPublished ?? true],
  );
  return rows[0] && toPage(rows[0]);
}

export async function deletePage(db: Queryable, id: number): Promise<Page | undefined> {
  const { rows } = await db.query<PageRow>('DELETE FROM page WHERE id = $1 RETURNING *', [id]);
  return rows[0] && toPage(rows[0]);
}
