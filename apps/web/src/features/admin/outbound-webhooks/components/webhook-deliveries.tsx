import { formatDateTime } from '../../shared/format-date';
import { PlainTableHead } from '../../shared/plain-table-head';
import { useWebhookDeliveries } from '../api/outbound-webhooks-api';

/** An endpoint's delivery log: each event sent, its last answer, and REPLAY (a new delivery of the same message). */
export function WebhookDeliveries({ endpointId, onReplay }: { endpointId: number; onReplay: (deliveryId: number) => void }) {
  const deliveries = useWebhookDeliveries(endpointId);
  if (deliveries.isPending) return <p role="status">Loading…</p>;
  if (!deliveries.data) return null;
  if (deliveries.data.length === 0) return <p>No deliveries yet.</p>;
  return (
    <table className="table table-sm align-middle" aria-label="Delivery log">
      <PlainTableHead columns={['Created', 'Event', 'Message', 'Status', 'Attempts', 'Response']} />
      <tbody>
        {deliveries.data.map((delivery) => (
          <tr key={delivery.id}>
            <td>{formatDateTime(delivery.createdAt)}</td>
            <td>{delivery.eventType}</td>
            <td>
              <code>{delivery.messageId}</code>
              {delivery.replayOf !== null && <span className="ms-1 badge text-bg-secondary">replay</span>}
            </td>
            <td>{delivery.status}</td>
            <td>{delivery.attempts}</td>
            <td>
              {delivery.lastStatusCode ?? '–'}
              {delivery.lastError && <span className="ms-1 text-danger small">{delivery.lastError}</span>}
            </td>
            <td className="text-end">
              <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => onReplay(delivery.id)}>
                REPLAY
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
