import { z } from 'zod';

/** GET /admin/search?q=: one box for an email, a name, a serial or key text, an activation code, a Device ID or a provider reference. */
export const searchQuery = z.object({ q: z.string().trim().min(2, 'Type at least two characters').max(10_000) });

export const searchMatches = ['email', 'name', 'serial', 'key', 'activation code', 'device', 'provider reference'] as const;

/** A person found, with the licence the text belongs to when it names one. */
export const searchHit = z.object({
  match: z.enum(searchMatches),
  personId: z.number().int(),
  personEmail: z.string(),
  personName: z.string(),
  orderId: z.number().int().nullable(),
  productName: z.string().nullable(),
  /** What an activation code found when it was not redeemed yet (no person): its batch. */
  batchNumber: z.number().int().nullable(),
});
export type SearchHit = z.infer<typeof searchHit>;
export const searchResponse = z.object({ hits: z.array(searchHit), isTruncated: z.boolean() });
export type SearchResponse = z.infer<typeof searchResponse>;
