import type { FailedMailEntry } from '@store/contracts/mailbox';

/** A mail that failed for good, as GET /api/mail/failed lists it. */
export const failedMail: FailedMailEntry = {
  id: 42,
  to: 'ann@example.com',
  subject: 'Your Spacey licence',
  kind: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  attempts: 20,
  lastError: '550 Mailbox unavailable',
  failedAt: '2026-11-23T10:00:00.000Z',
};
