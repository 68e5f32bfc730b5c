// The server runs under tsx, which reads no tsconfig of this package: the automatic JSX runtime is named here.
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Details, MailLayout, Paragraph, PreformattedText } from './mail-layout.js';

/** A product's serial list ran out: an order got no serial. */
export function EmptySerialPool({ productName, orderId }: { productName: string; orderId: number }) {
  return (
    <MailLayout preview={`Serial list of ${productName} is empty`} heading={`Serial list of ${productName} is empty`}>
      <Paragraph>
        Order {orderId} of {productName} was completed without a serial: the product&apos;s serial list is used up.
      </Paragraph>
      <Paragraph>Paste new serials in the product editor; the order keeps its key files either way.</Paragraph>
    </MailLayout>
  );
}

/** A paid order names products the store does not know. */
export function UnknownProduct({
  providerOrderId,
  customerEmail,
  paths,
}: {
  providerOrderId: string;
  customerEmail: string;
  paths: readonly string[];
}) {
  return (
    <MailLayout preview={`Order ${providerOrderId} names unknown products`} heading="An order names unknown products">
      <Paragraph>
        The paid order {providerOrderId} of {customerEmail} names products that no product of the store is called: {paths.join(', ')}. They
        made no licence; the order&apos;s other products did.
      </Paragraph>
      <Paragraph>
        The order waits in ADMIN → WEBHOOKS (needs attention): map each path to a product there and replay it, and the licences are issued
        then. Make the storefront&apos;s product paths match the product names (in lower case) so later orders go through.
      </Paragraph>
    </MailLayout>
  );
}

type SupportRequestProps = {
  customerEmail: string;
  productName: string;
  operatingSystem: string;
  problemDescription: string;
  requestId: number;
};

/** A customer's support request; replying answers the customer. */
export function SupportRequest({ customerEmail, productName, operatingSystem, problemDescription, requestId }: SupportRequestProps) {
  return (
    <MailLayout preview={`Support request #${requestId}: ${productName}`} heading={`Support request #${requestId}`}>
      <Details
        rows={[
          ['From', customerEmail],
          ['Product', productName],
          ['Operating system and host', operatingSystem],
        ]}
      />
      <PreformattedText>{problemDescription}</PreformattedText>
    </MailLayout>
  );
}

type TransferFailedProps = { providerOrderId: string; customerEmail: string; reason: string; tag: string };

/** A paid transfer that could not be carried out and needs a person. */
export function TransferFailed({ providerOrderId, customerEmail, reason, tag }: TransferFailedProps) {
  return (
    <MailLayout preview={`Licence transfer of order ${providerOrderId} needs attention`} heading="A licence transfer needs attention">
      <Paragraph>
        A licence transfer was paid (order {providerOrderId}, {customerEmail || 'no email'}) but not carried out: {reason}
      </Paragraph>
      <Details rows={[['Checkout tag', tag || '(none)']]} />
      <Paragraph>Transfer the licence in the person editor (&quot;Transfer license&quot;) or refund the order.</Paragraph>
    </MailLayout>
  );
}

type BoughtOnLicence = { id: number; productName: string; kind: string; sourceId: number; sourceProductName: string; email: string };

export type BoughtOnEndedProps = {
  /** What ended the licences they were bought on: a chargeback or a return. */
  cause: 'chargeback' | 'return';
  providerOrderId: string;
  /** Revoked with them (a chargeback's, still with the same owner). */
  revoked: readonly BoughtOnLicence[];
  /** Still active: after a return, or moved to another owner before the chargeback. */
  left: readonly BoughtOnLicence[];
};

const licenceRows = (licences: readonly BoughtOnLicence[]) =>
  licences.map(
    (licence) =>
      [
        `Licence ${licence.id}`,
        `${licence.productName} (${licence.kind} of licence ${licence.sourceId}, ${licence.sourceProductName}), ${licence.email || 'address erased'}`,
      ] as const,
  );

/** Upgrades or crossgrades whose licence underneath was charged back (revoked with it) or refunded (left to support). */
export function BoughtOnEnded({ cause, providerOrderId, revoked, left }: BoughtOnEndedProps) {
  const ended =
    cause === 'chargeback' ? `The chargeback of order ${providerOrderId} revoked` : `The return of order ${providerOrderId} refunded`;
  return (
    <MailLayout preview={`Upgrades bought on licences of order ${providerOrderId}`} heading="Upgrades bought on licences that ended">
      <Paragraph>{ended} licences that other licences were bought on, at an upgrade or crossgrade price.</Paragraph>
      {revoked.length > 0 && (
        <>
          <Paragraph>These are revoked with them, and their computers removed:</Paragraph>
          <Details rows={licenceRows(revoked)} />
          <Paragraph>If the customer should keep one, give the licence again in the person editor (NEW ORDER).</Paragraph>
        </>
      )}
      {left.length > 0 && (
        <>
          <Paragraph>
            These are still active{cause === 'chargeback' ? ', as they were transferred to another owner' : ''}: revoke one in the person
            editor, or leave it, as you decide. Its price assumed the licence that ended.
          </Paragraph>
          <Details rows={licenceRows(left)} />
        </>
      )}
    </MailLayout>
  );
}
