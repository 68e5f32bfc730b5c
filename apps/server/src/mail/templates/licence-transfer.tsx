// The server runs under tsx, which reads no tsconfig of this package: the automatic JSX runtime is named here.
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { MailLayout, Paragraph, Steps } from './mail-layout.js';
import { LicenceDetails, type MailedLicence } from './licence-keys.js';
import { SignInButton, SignInStep, type SignInLink } from './sign-in-link.js';

type LicenceReceivedProps = { to: string; ownerName: string; licence: MailedLicence; siteUrl: string; signIn: SignInLink };

/** To the new owner of a transferred licence: what they got and how to start. */
export function LicenceReceived({ to, ownerName, licence, siteUrl, signIn }: LicenceReceivedProps) {
  return (
    <MailLayout
      preview={`A ${licence.productName} licence was transferred to you`}
      heading={`${licence.productName} is now yours`}
      siteUrl={siteUrl}
    >
      <Paragraph>{`Hello ${ownerName || to},`}</Paragraph>
      <Paragraph>
        a {licence.productName} licence has been transferred to you. It is registered to your name and this email address, with new keys;
        the attached key file is yours.
      </Paragraph>
      <LicenceDetails licence={licence} />
      <Steps
        steps={[
          <SignInStep key="sign-in" signIn={signIn} email={to} />,
          'Download the installer under Downloads in your account and run it.',
          'Activate the plug-in with your email address and password, or load the attached key file.',
        ]}
      />
      <SignInButton signIn={signIn} />
    </MailLayout>
  );
}

type LicenceTransferredProps = { to: string; ownerName: string; productName: string; newOwnerName: string; siteUrl: string };

/** To the previous owner: the licence moved, what stopped working, and what to do if this was not them. */
export function LicenceTransferred({ to, ownerName, productName, newOwnerName, siteUrl }: LicenceTransferredProps) {
  return (
    <MailLayout
      preview={`Your ${productName} licence was transferred`}
      heading={`Your ${productName} licence was transferred`}
      siteUrl={siteUrl}
    >
      <Paragraph>{`Hello ${ownerName || to},`}</Paragraph>
      <Paragraph>
        your {productName} licence has been transferred to {newOwnerName || 'its new owner'}. It no longer appears in your account.
      </Paragraph>
      <Steps
        steps={[
          'Its computers were removed and its old keys no longer activate the plug-in: uninstall it from your computers.',
          'Your other licences are not affected.',
          <>
            If you did not ask for this transfer, tell us at once through <a href={`${siteUrl}/support`}>{`${siteUrl}/support`}</a>.
          </>,
        ]}
      />
    </MailLayout>
  );
}
