import { useLicencePurchase } from '../api/webhooks-api';

const money = (value: number | null, currency: string) => (value === null ? '–' : `${value.toFixed(2)} ${currency}`);

/** A licence's FastSpring purchase in the person editor: reference, payer and recipient, money, refunds (decision 014). */
export function LicencePurchase({ orderId }: { orderId: number }) {
  const purchase = useLicencePurchase(orderId);
  if (!purchase.data) return null;
  const { data } = purchase;
  return (
    <section className="mb-3" aria-label={`Purchase of licence ${orderId}`}>
      <h3 className="h6">Purchase {data.reference}</h3>
      <p className="small mb-1">
        Paid by {data.buyerEmail}
        {data.recipientEmail && `, a gift for ${data.recipientEmail}`}; total {money(data.total, data.currency)} (tax{' '}
        {money(data.tax, data.currency)}
        {data.coupons.length > 0 && `, coupon ${data.coupons.join(', ')}`})
        {data.invoiceUrl && (
          <>
            {' '}
            ·{' '}
            <a href={data.invoiceUrl} target="_blank" rel="noreferrer">
              invoice
            </a>
          </>
        )}
      </p>
      {data.refunds.map((refund) => (
        <p key={refund.reference + refund.date} className="small mb-1">
          {refund.isPartial ? 'Partial refund' : 'Refund'} {refund.reference} of {money(refund.amount, refund.currency)} on{' '}
          {new Date(refund.date).toLocaleDateString()}:{' '}
          {refund.isPartial ? 'the licence was kept' : `${refund.revokedLicenceIds.length} licence(s) revoked`}
        </p>
      ))}
    </section>
  );
}
