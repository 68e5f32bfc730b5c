// The server runs under tsx, which reads no tsconfig of this package: the automatic JSX runtime is named here.
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { ActionButton, MailLayout, Paragraph, PreformattedText } from './mail-layout.js';

type ReleaseNoticeProps = {
  to: string;
  ownerName: string;
  /** "Spacey 1.3.0 is available" (with "beta" for a beta build): the subject and the heading. */
  title: string;
  notes: string;
  siteUrl: string;
  /** The page the unsubscribe link opens (`/unsubscribe/{token}`): opening it changes nothing, its button does. */
  unsubscribeUrl: string;
};

/** To an owner who agreed to release mail: a new version, what is new in it, and the way to stop these mails. */
export function ReleaseNotice({ to, ownerName, title, notes, siteUrl, unsubscribeUrl }: ReleaseNoticeProps) {
  return (
    <MailLayout preview={title} heading={title} siteUrl={siteUrl}>
      <Paragraph>{`Hello ${ownerName || to},`}</Paragraph>
      <Paragraph>{"a new version is ready for your licence. What's new:"}</Paragraph>
      <PreformattedText>{notes || '(see the release notes in your account)'}</PreformattedText>
      <Paragraph>Download it under Downloads in your account: {`${siteUrl}/userarea`}</Paragraph>
      <ActionButton href={`${siteUrl}/userarea`}>Open your account</ActionButton>
      <Paragraph>
        You receive this because you asked for release mail in your account. Unsubscribe: <a href={unsubscribeUrl}>{unsubscribeUrl}</a>
      </Paragraph>
    </MailLayout>
  );
}
