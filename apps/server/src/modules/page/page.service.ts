import { APP_SCREEN_SEGMENTS, MAX_CONTENT_PATH_SEGMENTS } from '@store/contracts/constants';
import type { Page, PageSaveRequest } from '@store/contracts/page';
import { messages } from '@store/contracts/messages';
import { withTransaction, type Db } from '../../db/client.js';
import { AppError, badRequest, notFound } from '../../lib/app-error.js';
import { recordAudit } from '../audit/index.js';
import type { PageCache } from './page-cache.js';
import type { PageChange } from './page-change.js';
import * as repository from './page.repository.js';

/**
 * A page URL as it is looked up and stored: a leading slash, no trailing slash, no query, at most three segments
 * (the content route's limit). Answers undefined for a URL no content route can reach. A URL that is looked up
 * may hold any other character (a page saved before decision 087 may); one that is saved must also pass
 * `isSavablePageUrl`.
 */
export function normalizePageUrl(raw: string): string | undefined {
  // NFC: a composed and a decomposed "é" are one URL, as they are one address (decision 030).
  const path = (raw.trim().split(/[?#]/)[0] ?? '').normalize('NFC');
  const segments = path.split('/').filter((segment) => segment.length > 0);
  if (segments.length > MAX_CONTENT_PATH_SEGMENTS) return undefined;
  if (segments.some((segment) => segment === '.' || segment === '..' || /[\s*\\]/.test(segment))) return undefined;
  return `/${segments.join('/')}`;
}

/**
 * What a saved page's URL may not hold (decision 087): besides the spaces, `*` and `\\` and dot-only segments that
 * `normalizePageUrl` refuses, control characters, `%` (a stored escape would differ from the URL a browser sends),
 * `:` and `$`, and the characters a URL never carries unescaped (`<>"` and the rest). Letters of any script and
 * the other punctuation stay, so every product's page URL (`productPageUrl`: its name in lower case, "Spacey 2.0"
 * at `/products/spacey-2.0`) can be saved. The message names exactly this.
 */
const REFUSED_PAGE_URL_CHARACTER = /[\p{Cc}\p{Cf}%:$<>"`{}[\]|^]/u;
const pageUrlMessage = `url: A page URL has at most ${MAX_CONTENT_PATH_SEGMENTS} segments, with no spaces, no segment of dots only and none of % : $ * < > " \` { } [ ] | \\ ^`;

/** Whether a normalised URL (`normalizePageUrl`'s answer; `/` is the home page's) may be saved as a page's. */
const isSavablePageUrl = (url: string): boolean =>
  !REFUSED_PAGE_URL_CHARACTER.test(url) && url.split('/').every((segment) => !/^\.+$/.test(segment));

/** The page at this URL, compared case-insensitively. */
async function getPageByUrl(options: { pages: Pick<PageCache, 'pageByUrl'>; url: string }): Promise<Page> {
  const url = normalizePageUrl(options.url);
  const page = url === undefined ? undefined : await options.pages.pageByUrl(url);
  if (!page) throw notFound('Page not found');
  return page;
}

/** Every page, drafts included, for the administrator's list. */
const listPages = (db: Db): Promise<Page[]> => repository.listPages(db);

async function getPage(options: { db: Db; id: number }): Promise<Page> {
  const page = await repository.findPageById(options.db, options.id);
  if (!page) throw notFound('Page not found');
  return page;
}

type OnChange = (change: PageChange) => void;

/**
 * Creates the page (id -1 or 0) or updates it; the URL must be reachable and unique. `onChange` hears what the
 * committed change touched, as its statement answered it (the rule is migration 070's, the trigger's too).
 */
async function savePage(options: { db: Db; actor: string; page: PageSaveRequest; onChange?: OnChange }): Promise<Page> {
  const { db, actor, page } = options;
  // Checked before anything is read: a stored page whose URL breaks the rule (saved before it) is refused the same.
  const url = normalizePageUrl(page.url);
  if (url === undefined || !isSavablePageUrl(url)) throw badRequest(pageUrlMessage);
  // The app's own screens, the API and the assets answer their paths first: a page there would never be shown.
  const first = url.split('/')[1]?.toLowerCase() ?? '';
  if (APP_SCREEN_SEGMENTS.has(first) || first === 'api' || first === 'assets') {
    throw badRequest(`url: ${url} belongs to the shop's own screens; choose another URL for the page`);
  }
  // A new page starts without a name (§4's default, "New page" then opens the editor); a saved one keeps one.
  if (page.id > 0 && page.name === '') throw badRequest(`name: ${messages.nameRequired}`);
  const fields = { ...page, url };
  const saved = await withTransaction(db, async (client) => {
    const before = page.id > 0 ? await repository.findPageForUpdate(client, page.id) : undefined;
    if (page.id > 0 && !before) throw notFound('Page not found');
    const saved = before ? await repository.updatePage(client, page.id, fields) : await repository.insertPage(client, fields);
    if (!saved) throw new AppError('conflict', `A page with the URL ${url} already exists.`);
    await recordAudit(client, {
      actor,
      action: before ? 'update' : 'create',
      entity: 'page',
      entityId: saved.page.id,
      before: before && { url: before.url, isPublished: before.isPublished },
      after: { url: saved.page.url, isPublished: saved.page.isPublished },
    });
    return saved;
  });
  options.onChange?.(saved.change);
  return saved.page;
}

/** Deletes the page; `onChange` hears what the committed deletion touched. */
async function deletePage(options: { db: Db; actor: string; id: number; onChange?: OnChange }): Promise<void> {
  const deleted = await withTransaction(options.db, async (client) => {
    const deleted = await repository.deletePage(client, options.id);
    if (!deleted) throw notFound('Page not found');
    await recordAudit(client, {
      actor: options.actor,
      action: 'delete',
      entity: 'page',
      entityId: options.id,
      before: { url: deleted.page.url, name: deleted.page.name },
    });
    return deleted;
  });
  options.onChange?.(deleted.change);
}

/**
 * The page module's service, built once by `buildApp` with what it depends on (decision 063): a route hands it the
 * request's values only, and every change forgets what it touched in this process's cache.
 */
export function createPageService(deps: { db: Db; pageCache: PageCache }) {
  const { db, pageCache } = deps;
  return {
    getPageByUrl: (url: string) => getPageByUrl({ pages: pageCache, url }),
    menu: () => pageCache.menu(),
    listPages: () => listPages(db),
    getPage: (id: number) => getPage({ db, id }),
    savePage: (actor: string, page: PageSaveRequest) => savePage({ db, actor, page, onChange: pageCache.forget }),
    deletePage: (actor: string, id: number) => deletePage({ db, actor, id, onChange: pageCache.forget }),
  };
}
export type PageService = ReturnType<typeof createPageService>;
