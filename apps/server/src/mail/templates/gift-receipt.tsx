// The server runs under tsx, which reads no tsconfig of this package: the automatic JSX runtime is named here.
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Details, MailLayout, Paragraph } from './mail-layout.js';

type GiftReceiptProps = {
  payerName: string;
  recipientName: string;
  recipientEmail: string;
  orderReference: string;
  products: readonly string[];
  siteUrl: string;
};

/** The payer's receipt of a gift: who received the licences (the recipient got the keys). */
export function GiftReceipt({ payerName, recipientName, recipientEmail, orderReference, products, siteUrl }: GiftReceiptProps) {
  const recipient = recipientName ? `${recipientName} (${recipientEmail})` : recipientEmail;
  return (
    <MailLayout preview={`Your gift was delivered to ${recipient}`} heading="Your gift was delivered" siteUrl={siteUrl}>
      <Paragraph>Hello {payerName || 'there'},</Paragraph>
      <Paragraph>
        Thank you for your order {orderReference}. The licences were sent to {recipient}, who now owns them and received the keys.
      </Paragraph>
      <Details
        rows={[
          ['Order', orderReference],
          ['Received by', recipient],
          ['Products', products.join(', ')],
        ]}
      />
    </MailLayout>
  );
}
