import { z } from 'zod';
import { TABLE_PAGE_SIZES } from './constants.js';

/**
 * Paging, sorting and filtering for lists that grow without bound. Without `page` the list call answers the
 * plain array the spec shows; with it, one page and the total.
 */
export const listQuery = z.object({
  page: z.coerce.number().int().min(0).optional(),
  pageSize: z.coerce
    .number()
    .int()
    .refine((size) => (TABLE_PAGE_SIZES as readonly number[]).includes(size), 'pageSize must be 10, 20, 30, 40 or 50')
    .optional(),
  sort: z.string().max(50).optional(),
  desc: z.enum(['true', 'false']).optional(),
  /** Filters as JSON: {"column": "text", ...}. */
  filter: z.string().max(2000).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

/** One page of a list with the total row count. */
export const pagedResponse = <T extends z.ZodType>(row: T) =>
  z.object({ rows: z.array(row), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type Paged<T> = { rows: T[]; total: number; page: number; pageSize: number };
