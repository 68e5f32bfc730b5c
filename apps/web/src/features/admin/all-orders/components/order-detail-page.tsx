import { orderSourceLabels } from '@store/contracts/order-list';
import type { OrderDetail } from '@store/contracts/order-detail';
import { Link, useParams } from 'react-router';
import { paths } from '../../../../config/paths';
import { formatMoney } from '../../../../lib/checkout/format-money';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { adminPaths } from '../../shared/admin-paths';
import { ErrorAlert } from '../../../../components/error-alert';
import { formatDateTime } from '../../shared/format-date';
import { useOrderDetail } from '../api/order-detail-api';
import { TransferLine } from './transfer-line';

const money = (value: number | null, currency: string | null) => (value === null ? '–' : formatMoney(value, currency ?? ''));

/**
 * /admin/allorders/{id}: one order for staff (decision 060): the licence, the FastSpring purchase it came from (buyer,
 * items with product names, amounts, tax, currency, reference, invoice), every licence it issued with its state,
 * refunds, transfers and the purchase's webhook events.
 */
export function OrderDetailPage() {
  const id = Number(useParams().id);
  useDocumentTitle(`Order ${id}`);
  const detail = useOrderDetail(id);
  return (
    <main className="container-fluid px-lg-4 py-4">
      <p className="mb-2">
        <Link to={adminPaths.allOrders}>← All orders</Link>
      </p>
      <h1 className="h3 mb-3">Order {id}</h1>
      <ErrorAlert error={detail.error} className="mb-3" />
      {detail.isPending && detail.fetchStatus !== 'idle' && <p role="status">Loading…</p>}
      {detail.data && <OrderDetailSections detail={detail.data} />}
    </main>
  );
}

function OrderDetailSections({ detail }: { detail: OrderDetail }) {
  const { licence, purchase } = detail;
  return (
    <>
      <section aria-labelledby="order-licence" className="mb-4">
        <h2 id="order-licence" className="h5">
          Licence
        </h2>
        <dl className="row mb-0" data-testid="order-licence">
          <dt className="col-sm-3">Product</dt>
          <dd className="col-sm-9">{licence.productName}</dd>
          <dt className="col-sm-3">Owner</dt>
          <dd className="col-sm-9">
            <Link to={paths.adminPerson(licence.personId)}>{licence.personEmail || licence.personName || `#${licence.personId}`}</Link>
          </dd>
          <dt className="col-sm-3">Status</dt>
          <dd className="col-sm-9">{licence.state}</dd>
          <dt className="col-sm-3">Source</dt>
          <dd className="col-sm-9">{orderSourceLabels[licence.source]}</dd>
          <dt className="col-sm-3">Date</dt>
          <dd className="col-sm-9">{formatDateTime(licence.creationDate)}</dd>
          <dt className="col-sm-3">Amount</dt>
          <dd className="col-sm-9">
            {money(licence.amount, licence.currency)}
            {licence.refunded !== null && ` (refunded ${money(licence.refunded, licence.currency)})`}
          </dd>
        </dl>
      </section>

      <section aria-labelledby="order-purchase" className="mb-4">
        <h2 id="order-purchase" className="h5">
          {purchase ? `FastSpring purchase ${purchase.reference}` : 'Purchase'}
        </h2>
        {purchase ? (
          <>
            <p className="mb-2" data-testid="order-buyer">
              Paid by {purchase.buyerEmail || 'an erased customer'}
              {purchase.recipientEmail && `, a gift for ${purchase.recipientEmail}`} on {formatDateTime(purchase.date)}, in{' '}
              {purchase.currency || 'an unknown currency'}
              {purchase.coupons.length > 0 && `, coupon ${purchase.coupons.join(', ')}`}.{' '}
              {purchase.invoiceUrl ? (
                <a href={purchase.invoiceUrl} target="_blank" rel="noreferrer">
                  FastSpring invoice
                </a>
              ) : (
                'No invoice link.'
              )}
            </p>
            {/* Focusable, so a narrow screen's keyboard can scroll the table sideways. */}
            <div className="table-responsive" role="region" aria-label={`Items of purchase ${purchase.reference}`} tabIndex={0}>
              <table className="table table-sm align-middle" data-testid="order-items">
                <caption className="visually-hidden">Items of purchase {purchase.reference}</caption>
                <thead>
                  <tr>
                    <th scope="col">Product</th>
                    <th scope="col">Quantity</th>
                    <th scope="col">Subtotal</th>
                    <th scope="col">Discount</th>
                    <th scope="col">Tax</th>
                    <th scope="col">Total</th>
                  </tr>
                </thead>
                <tbody>
                  {purchase.items.map((item) => (
                    <tr key={item.product}>
                      <td>{item.name}</td>
                      <td>{item.quantity}</td>
                      <td>{money(item.subtotal, purchase.currency)}</td>
                      <td>{money(item.discount, purchase.currency)}</td>
                      <td>{money(item.tax, purchase.currency)}</td>
                      <td>{money(item.total, purchase.currency)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row" colSpan={2}>
                      Order
                    </th>
                    <td>{money(purchase.subtotal, purchase.currency)}</td>
                    <td>{money(purchase.discount, purchase.currency)}</td>
                    <td>{money(purchase.tax, purchase.currency)}</td>
                    <td>{money(purchase.total, purchase.currency)}</td>
                  </tr>
                </tfoot>
              </table>
            </div>
          </>
        ) : (
          <p>This licence came from no recorded FastSpring purchase ({orderSourceLabels[licence.source]}).</p>
        )}
      </section>

      <section aria-labelledby="order-licences" className="mb-4">
        <h2 id="order-licences" className="h5">
          Licences issued
        </h2>
        <ul className="list-unstyled mb-0" data-testid="order-licences">
          {detail.licences.map((each) => (
            <li key={each.id}>
              {each.id === licence.id ? `Order ${each.id}` : <Link to={adminPaths.order(each.id)}>Order {each.id}</Link>}:{' '}
              {each.productName}, {each.state}, held by{' '}
              <Link to={paths.adminPerson(each.personId)}>{each.personEmail || `#${each.personId}`}</Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="order-refunds" className="mb-4">
        <h2 id="order-refunds" className="h5">
          Refunds
        </h2>
        {purchase && purchase.refunds.length > 0 ? (
          <ul className="list-unstyled mb-0" data-testid="order-refunds">
            {purchase.refunds.map((refund) => (
              <li key={refund.reference + refund.date}>
                {refund.isPartial ? 'Partial refund' : 'Refund'} {refund.reference} of {money(refund.amount, refund.currency)} on{' '}
                {formatDateTime(refund.date)}:{' '}
                {refund.revokedLicenceIds.length > 0 ? `licences ${refund.revokedLicenceIds.join(', ')} ended` : 'no licence ended'}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mb-0">None.</p>
        )}
      </section>

      <section aria-labelledby="order-transfers" className="mb-4">
        <h2 id="order-transfers" className="h5">
          Transfers
        </h2>
        {detail.transfers.length > 0 ? (
          <ul className="list-unstyled mb-0" data-testid="order-transfers">
            {detail.transfers.map((transfer) => (
              <li key={transfer.id}>
                <TransferLine transfer={transfer} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mb-0">None.</p>
        )}
      </section>

      <section aria-labelledby="order-events" className="mb-4">
        <h2 id="order-events" className="h5">
          Webhook events
        </h2>
        {detail.webhookEvents.length > 0 ? (
          <ul className="list-unstyled mb-0" data-testid="order-events">
            {detail.webhookEvents.map((event) => (
              <li key={event.id}>
                {formatDateTime(event.receivedAt)}: {event.type} ({event.providerOrderId}), {event.result}
                {event.error && `: ${event.error}`}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mb-0">None received.</p>
        )}
      </section>
    </>
  );
}
