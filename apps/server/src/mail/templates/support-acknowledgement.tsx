// The server runs under tsx, which reads no tsconfig of this package: the automatic JSX runtime is named here.
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { MailLayout, Paragraph } from './mail-layout.js';

/** To whoever sent a support request: its number. Nothing the sender typed appears here (decision 053). */
export function SupportAcknowledgement({ requestId, siteUrl }: { requestId: number; siteUrl: string }) {
  return (
    <MailLayout preview={`Support request #${requestId} received`} heading="We received your support request" siteUrl={siteUrl}>
      <Paragraph>Hello,</Paragraph>
      <Paragraph>thank you for writing to us. Your request number is #{requestId}.</Paragraph>
      <Paragraph>
        A person reads every request and answers by email, usually within two working days. To add anything, reply to this email and keep
        the number in the subject.
      </Paragraph>
      <Paragraph>If you did not send a support request, you can ignore this email.</Paragraph>
    </MailLayout>
  );
}
