import { z } from 'zod';

/** What happened: each kind names the module that recorded it (decision 061). */
export const timelineEventKind = z.enum([
  'purchase',
  'refund',
  'licence-issued',
  'licence-refunded',
  'licence-revoked',
  'transfer-in',
  'transfer-out',
  'computer-registered',
  'computer-removed',
  'trial',
  'mail',
  'support-request',
  'login-created',
  'address-confirmed',
  'staff-change',
]);
export type TimelineEventKind = z.infer<typeof timelineEventKind>;

/** One thing that happened to the person: when, what (a short title) and its details in words. */
export const timelineEvent = z.object({
  at: z.string(),
  kind: timelineEventKind,
  title: z.string(),
  detail: z.string(),
  /** The licence it concerns, when it concerns one. */
  orderId: z.number().int().nullable(),
  /** Who did it, for a staff change ("admin", a staff login); null for everything else. */
  actor: z.string().nullable(),
});
export type TimelineEvent = z.infer<typeof timelineEvent>;

/** GET /person/{id}/timeline?page=&pageSize=: newest first, a page at a time (page counts from 0). */
export const personTimelineQuery = z.object({
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type PersonTimelineQuery = z.infer<typeof personTimelineQuery>;

export const personTimeline = z.object({
  events: z.array(timelineEvent),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PersonTimeline = z.infer<typeof personTimeline>;
