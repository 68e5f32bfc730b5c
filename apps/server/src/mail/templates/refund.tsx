// The server runs under tsx, which reads no tsconfig of this package: the automatic JSX runtime is named here.
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Details, MailLayout, Paragraph, Steps } from './mail-layout.js';

export type RefundedLicence = { orderId: number; productName: string };
type RefundNoticeProps = {
  to: string;
  customerName: string;
  orderReference: string;
  /** What was given back, written out ("USD 49.00"); empty when the provider stated no amount. */
  amountText: string;
  endedLicences: readonly RefundedLicence[];
  siteUrl: string;
};

/** To the payer of a refunded purchase: what was refunded, and which licences ended with it (decision 053). */
export function RefundNotice({ to, customerName, orderReference, amountText, endedLicences, siteUrl }: RefundNoticeProps) {
  const hasEnded = endedLicences.length > 0;
  return (
    <MailLayout preview={`Your refund of order ${orderReference}`} heading="Your refund" siteUrl={siteUrl}>
      <Paragraph>{`Hello ${customerName || to},`}</Paragraph>
      <Paragraph>
        {amountText ? `${amountText} of your order ${orderReference} has been refunded` : `your order ${orderReference} has been refunded`}.
        The money goes back the way you paid; your bank may take a few days to show it.
      </Paragraph>
      <Details
        rows={[
          ['Order', orderReference],
          ['Refunded', amountText || 'as shown on your invoice'],
          [
            'Licences ended',
            hasEnded
              ? endedLicences.map((licence) => `${licence.productName} (licence #${licence.orderId})`).join(', ')
              : 'none: your licences stay active',
          ],
        ]}
      />
      {hasEnded && (
        <Steps
          steps={[
            'The ended licences no longer activate the plug-in, and their computers were removed: uninstall it from your computers.',
            'Your other licences are not affected.',
          ]}
        />
      )}
      <Paragraph>
        Questions about this refund? Write to us through <a href={`${siteUrl}/support`}>{`${siteUrl}/support`}</a>.
      </Paragraph>
    </MailLayout>
  );
}
