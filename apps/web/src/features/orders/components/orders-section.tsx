import type { CustomerOrder } from '@store/contracts/order-history';
import { useOrders } from '../api/get-orders';

const sourceLabels: Record<CustomerOrder['source'], string> = {
  purchase: 'Purchase',
  activation: 'Activation code',
  admin: 'Given by the vendor',
  transfer: 'Transferred to you',
  import: 'Imported',
};
const stateLabels = { active: 'active', refunded: 'refunded', transferred: 'transferred to a new owner' } as const;
const eventLabels = { refunded: 'Refunded', 'transferred-away': 'Transferred to a new owner', 'transferred-in': 'Transferred to you' } as const;

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const formatAmount = (amount: string | null, currency: string | null) => (amount && currency ? `${currency} ${amount}` : '');

/** The customer's orders and receipts: each purchase with its licences, amounts, refunds and transfers. */
export function OrdersSection({ userName }: { userName: string }) {
  const orders = useOrders(userName);
  return (
    <section aria-labelledby="orders-heading" className="mt-5">
      <h2 id="orders-heading" className="h4 mb-3">
        Your orders
      </h2>
      {orders.isPending && <p role="status">Loading your orders…</p>}
      {orders.isError && <p className="text-danger">Your orders could not be loaded. Please try again later.</p>}
      {orders.data?.length === 0 && <p>No orders yet.</p>}
      {orders.data && orders.data.length > 0 && (
        <div className="table-responsive">
          <table className="table table-sm align-middle">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Order</th>
                <th scope="col">Licences</th>
                <th scope="col" className="text-end">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.data.map((order) => (
                <tr key={`${order.reference ?? ''}-${order.licences[0]?.orderId ?? 0}`} data-testid="order-row">
                  <td>{formatDate(order.date)}</td>
                  <td>
                    {order.reference ?? sourceLabels[order.source]}
                    {order.invoiceUrl && (
                      <>
                        {' '}
                        <a href={order.invoiceUrl} target="_blank" rel="noreferrer">
                          Invoice
                        </a>
                      </>
                    )}
                  </td>
                  <td>
                    <ul className="list-unstyled mb-0">
                      {order.licences.map((licence) => (
                        <li key={licence.orderId}>
                          {licence.productName} (licence #{licence.orderId}, {stateLabels[licence.state]})
                        </li>
                      ))}
                      {order.events.map((event) => (
                        <li key={`${event.kind}-${event.orderId}`} className="text-muted small">
                          {eventLabels[event.kind]}: licence #{event.orderId}
                          {event.at ? `, ${formatDate(event.at)}` : ''}
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td className="text-end">{formatAmount(order.total, order.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
