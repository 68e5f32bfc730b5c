/**
 * The page contract (zod schemas and the URL encoding), loaded on first use: a visitor's first page comes with
 * the server's initial data, so its bundle carries no zod runtime.
 */
export const loadPageContract = () => import('@store/contracts/page');
