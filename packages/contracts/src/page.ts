import { z } from 'zod';
import { FALLBACK_PAGE_ID } from './constants.js';

/** A content page (§3). */
export const page = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  htmlText: z.string(),
  date: z.string(),
  isMainMenu: z.boolean(),
  mainMenuPriority: z.number().int(),
  /** Only published pages are served and listed in the menu; a draft is seen in the admin's editor only. */
  isPublished: z.boolean().optional(),
});
export type Page = z.infer<typeof page>;

/** POST /page/: create (id -1 or 0) or update. */
export const pageSaveRequest = z.object({
  id: z.number().int(),
  name: z.string().trim().max(200).default(''),
  url: z.string().trim().min(1, 'Url is required').max(500),
  htmlText: z.string().max(1_000_000).default(''),
  date: z.string().optional(),
  isMainMenu: z.boolean().default(false),
  mainMenuPriority: z.number().int().min(-1_000_000).max(1_000_000).default(0),
  /** Absent (the spec's client): published, as the spec's pages always are. */
  isPublished: z.boolean().default(true),
});
export type PageSaveRequest = z.infer<typeof pageSaveRequest>;

export const menuItem = z.object({ name: z.string(), url: z.string() });
export type MenuItem = z.infer<typeof menuItem>;
export const menuItems = z.array(menuItem);

export const pageList = z.array(page);

/** Fallback page (§3). */
export const fallbackPage: Page = {
  id: FALLBACK_PAGE_ID,
  name: 'About',
  url: '/notExists',
  htmlText: '',
  date: '0001-01-01',
  isMainMenu: false,
  mainMenuPriority: 0,
};

/** New page default (§4); a draft until the editor publishes it (decision 025). */
export const newPageDefaults = (url: string): Page & { isPublished: boolean } => ({
  id: -1,
  name: '',
  url,
  htmlText: '<h1>Hello World!!</h1>',
  date: new Date().toISOString(),
  isMainMenu: false,
  mainMenuPriority: 0,
  isPublished: false,
});

/** The initial data the server puts into a content page's HTML document. */
export const initialData = z.object({ page: page.nullable(), menu: menuItems, path: z.string() });
export type InitialData = z.infer<typeof initialData>;

/** Page URL as sent to GET /page/byUrl/{url}: slashes replaced with "*". */
export const encodePageUrl = (path: string): string => encodeURIComponent(path.replaceAll('/', '*')).replaceAll('%2A', '*');
/** The inverse of encodePageUrl, after the path parameter is decoded. */
export const decodePageUrl = (param: string): string => param.replaceAll('*', '/');
