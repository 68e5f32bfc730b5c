import type { TimelineEventKind } from '@store/contracts/person-timeline';
import { useState } from 'react';
import { formatDateTime } from '../../shared/format-date';
import { TIMELINE_PAGE_SIZE, usePersonTimeline } from '../api/timeline-api';
import { NewerOlderPager } from '../../shared/newer-older-pager';

/** Each kind's short label, and its badge colour (text-bg-* keeps the contrast axe checks). */
const KINDS: Record<TimelineEventKind, { label: string; tone: string }> = {
  purchase: { label: 'Purchase', tone: 'success' },
  refund: { label: 'Refund', tone: 'warning' },
  'licence-issued': { label: 'Licence', tone: 'primary' },
  'licence-refunded': { label: 'Licence', tone: 'warning' },
  'licence-revoked': { label: 'Licence', tone: 'danger' },
  'transfer-in': { label: 'Transfer', tone: 'info' },
  'transfer-out': { label: 'Transfer', tone: 'info' },
  'computer-registered': { label: 'Computer', tone: 'secondary' },
  'computer-removed': { label: 'Computer', tone: 'secondary' },
  trial: { label: 'Trial', tone: 'light' },
  mail: { label: 'Mail', tone: 'light' },
  'support-request': { label: 'Support', tone: 'dark' },
  'login-created': { label: 'Login', tone: 'light' },
  'address-confirmed': { label: 'Login', tone: 'light' },
  'staff-change': { label: 'Staff', tone: 'dark' },
};

/**
 * What happened to the person, newest first, a page at a time (decision 061): purchases and refunds, licences,
 * transfers, computers, trials, mails, support requests, the login and the staff's changes in the audit log.
 */
export function PersonTimeline({ personId }: { personId: number }) {
  const [page, setPage] = useState(0);
  const timeline = usePersonTimeline(personId, page);
  const pageCount = timeline.data ? Math.max(1, Math.ceil(timeline.data.total / TIMELINE_PAGE_SIZE)) : 1;

  return (
    <section className="mt-4" aria-labelledby="person-timeline-heading">
      <h2 id="person-timeline-heading" className="h5">
        Timeline
      </h2>
      {timeline.isPending && <p aria-busy="true">Loading…</p>}
      {timeline.isError && <p className="text-danger">The timeline could not be loaded.</p>}
      {timeline.data && timeline.data.total === 0 && <p>Nothing has happened to this person yet.</p>}
      {timeline.data && timeline.data.events.length > 0 && (
        <ol className="list-group mb-2" data-testid="person-timeline" aria-busy={timeline.isPlaceholderData}>
          {timeline.data.events.map((event, index) => (
            <li key={`${event.at}-${index}`} className="list-group-item d-flex flex-wrap gap-2 align-items-baseline">
              <time dateTime={event.at} className="text-body-secondary small" style={{ minWidth: '11rem' }}>
                {formatDateTime(event.at)}
              </time>
              <span className={`badge text-bg-${KINDS[event.kind].tone}`}>{KINDS[event.kind].label}</span>
              <span className="text-break">
                <span className="d-block">{event.title}</span>
                {event.detail && <span className="d-block small text-body-secondary">{event.detail}</span>}
              </span>
            </li>
          ))}
        </ol>
      )}
      {timeline.data && timeline.data.total > TIMELINE_PAGE_SIZE && (
        <NewerOlderPager label="Timeline pages" page={page} pageCount={pageCount} onPage={setPage} />
      )}
    </section>
  );
}
