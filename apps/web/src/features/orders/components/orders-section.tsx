import type { CustomerOrder } from '@store/contracts/customer-order';
import { useOrders } from '../api/get-orders';

// `erased`: a gift whose recipient had their data erased (docs/PRIVACY.md) shows so to its payer.
const stateLabels = {
  active: 'active',
  refunded: 'refunded',
  transferred: 'transferred to a new owner',
  erased: 'ended',
  revoked: 'revoked',
} as const;

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const formatAmount = (amount: number | null, currency: string) => (amount === null ? '' : `${currency} ${amount.toFixed(2)}`);

/** The customer's orders and receipts: each purchase with its items, amounts, tax, invoice, refunds and transfers. */
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
                <th scope="col">Items and licences</th>
                <th scope="col" className="text-end">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.data.map((order) => (
                <OrderRow key={order.providerOrderId} order={order} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

type OrderLicence = CustomerOrder['licences'][number];

const LicenceLine = ({ licence }: { licence: OrderLicence }) => (
  <li className="small" data-testid="order-licence">
    {licence.productName} (licence #{licence.orderId}, {stateLabels[licence.state]})
  </li>
);

function OrderRow({ order }: { order: CustomerOrder }) {
  // A bundle's licences are listed under the bundle (decision 056); the others after the items, as before.
  const bundleOf = (licence: OrderLicence) =>
    order.items.find((item) => item.isBundle && item.product.toLowerCase() === licence.bundlePath?.toLowerCase());
  return (
    <tr data-testid="order-row">
      <td>{formatDate(order.date)}</td>
      <td>
        {order.reference}
        {order.isGift && <span className="badge text-bg-secondary ms-2">{order.isPayer ? 'gift you gave' : 'gift'}</span>}
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
          {order.items.map((item) => (
            <li key={item.product} data-testid={item.isBundle ? 'order-bundle' : undefined}>
              {/* FastSpring's items carry their subtotal (after discounts, before tax); a total only where the store sends one. */}
              {item.name} × {item.quantity} {formatAmount(item.total ?? item.subtotal, order.currency)}
              {item.isBundle && (
                <ul className="list-unstyled ms-3 mb-0" aria-label={`Licences of the ${item.name}`}>
                  {order.licences
                    .filter((licence) => bundleOf(licence) === item)
                    .map((licence) => (
                      <LicenceLine key={licence.orderId} licence={licence} />
                    ))}
                </ul>
              )}
            </li>
          ))}
          {order.licences
            .filter((licence) => bundleOf(licence) === undefined)
            .map((licence) => (
              <LicenceLine key={licence.orderId} licence={licence} />
            ))}
          {order.refunds.map((refund) => (
            <li key={refund.reference} className="text-muted small">
              {refund.isPartial ? 'Partial refund' : 'Refund'} {formatAmount(refund.amount, refund.currency)}, {formatDate(refund.date)}
              {refund.isPartial ? ' (the licence stays yours)' : ''}
            </li>
          ))}
          {order.transfers.map((transfer) => (
            <li key={`${transfer.orderId}-${transfer.date}`} className="text-muted small" data-testid="order-transfer">
              {transfer.productName} licence #{transfer.orderId}{' '}
              {transfer.direction === 'out' ? `transferred to ${transfer.counterpartName || 'a new owner'}` : 'transferred to you'} on{' '}
              {formatDate(transfer.date)}
            </li>
          ))}
        </ul>
      </td>
      <td className="text-end">
        {formatAmount(order.total, order.currency)}
        {order.tax !== null && order.tax > 0 && <div className="small text-muted">incl. tax {formatAmount(order.tax, order.currency)}</div>}
      </td>
    </tr>
  );
}
