import { z } from 'zod';

/**
 * What the message view (/messageview) shows below the specification's sentence: what happened and what to do next
 * (decision 037). The screens that go there put it in the navigation state beside `message`.
 */
const nextSteps = z.discriminatedUnion('kind', [
  /** A purchase (or a paid licence transfer) the checkout popup reported: the provider's order id and reference. */
  z.object({ kind: z.literal('purchase'), orderId: z.string().min(1), reference: z.string() }),
  /** A redeemed activation code: the address its keys were mailed to and the product. */
  z.object({ kind: z.literal('activation'), email: z.string(), productName: z.string() }),
  /** A support request: the address the answer goes to. */
  z.object({ kind: z.literal('support'), email: z.string() }),
]);
export type NextSteps = z.infer<typeof nextSteps>;

export type MessageState = { message: string; next?: NextSteps };

/**
 * The message and its next steps from a navigation's state, whatever it holds: a missing or malformed state (a
 * bookmark, a reload, another screen's state) gives an empty message and no next steps.
 */
export function messageStateOf(state: unknown): MessageState {
  const parsed = z.object({ message: z.string(), next: z.unknown().optional() }).safeParse(state);
  if (!parsed.success) return { message: '' };
  const next = nextSteps.safeParse(parsed.data.next);
  return next.success ? { message: parsed.data.message, next: next.data } : { message: parsed.data.message };
}
