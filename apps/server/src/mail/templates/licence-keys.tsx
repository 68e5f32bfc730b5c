// The server runs under tsx, which reads no tsconfig of this package: the automatic JSX runtime is named here.
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Details, MailLayout, Paragraph, Steps } from './mail-layout.js';
import { SignInButton, SignInStep, type SignInLink } from './sign-in-link.js';

export type MailedLicence = { orderId: number; productName: string; serial: string; keyFileName: string };

/**
 * A licence's block, the same in every mail that carries one: its product, number, serial and attached key file.
 * Among several licences of one mail the serial is each licence's, not "yours".
 */
export function LicenceDetails({ licence, isOneOfSeveral = false }: { licence: MailedLicence; isOneOfSeveral?: boolean }) {
  return (
    <Details
      rows={[
        ['Product', licence.productName],
        ['Licence', `#${licence.orderId}`],
        ...(licence.serial ? [[isOneOfSeveral ? 'Serial number' : 'Your serial number', licence.serial] as const] : []),
        ['Key file', licence.keyFileName],
      ]}
    />
  );
}

const greetingOf = (ownerName: string, to: string) => `Hello ${ownerName || to},`;

/** What a new owner does with a licence: the same steps in every licence mail. */
function NextSteps({ signIn, email }: { signIn: SignInLink; email: string }) {
  return (
    <Steps
      steps={[
        <SignInStep key="sign-in" signIn={signIn} email={email} />,
        'Download the installer for your computer in your account, under Downloads, and run it.',
        'Open the plug-in in your host and activate it with your email address and password, or load the attached key file.',
      ]}
    />
  );
}

type LicenceKeysProps = {
  to: string;
  ownerName: string;
  licence: MailedLicence;
  siteUrl: string;
  signIn: SignInLink;
  reason: 'activation' | 'resend' | 'replaced';
};

/** One licence's keys: after redeeming an activation code, on a Send License Key request, or replaced keys. */
export function LicenceKeys({ to, ownerName, licence, siteUrl, signIn, reason }: LicenceKeysProps) {
  const intros = {
    activation: `your activation code is redeemed: ${licence.productName} is now licensed to you.`,
    resend: `here are the keys of your ${licence.productName} licence, as requested.`,
    replaced:
      `the keys of your ${licence.productName} licence were replaced: the old serial and key files no longer ` +
      'register a computer. Use the new key file attached here from now on; computers already registered keep working.',
  };
  const intro = intros[reason];
  return (
    <MailLayout
      preview={`Your ${licence.productName} licence and key file`}
      heading={`Your ${licence.productName} licence`}
      siteUrl={siteUrl}
    >
      <Paragraph>{greetingOf(ownerName, to)}</Paragraph>
      <Paragraph>{intro}</Paragraph>
      <LicenceDetails licence={licence} />
      <NextSteps signIn={signIn} email={to} />
      <SignInButton signIn={signIn} />
    </MailLayout>
  );
}

type OrderConfirmationProps = {
  to: string;
  ownerName: string;
  orderReference: string;
  licences: readonly MailedLicence[];
  siteUrl: string;
  signIn: SignInLink;
};

/** The one confirmation of a paid order: every licence it made, each with its serial and attached key file. */
export function OrderConfirmation({ to, ownerName, orderReference, licences, siteUrl, signIn }: OrderConfirmationProps) {
  const products = [...new Set(licences.map((licence) => licence.productName))].join(', ');
  return (
    <MailLayout preview={`Thank you for your order: ${products}`} heading="Thank you for your order" siteUrl={siteUrl}>
      <Paragraph>{greetingOf(ownerName, to)}</Paragraph>
      <Paragraph>
        your order {orderReference} is paid. {licences.length === 1 ? 'This licence is' : `These ${licences.length} licences are`} yours;
        each key file is attached.
      </Paragraph>
      {licences.map((licence) => (
        <LicenceDetails key={licence.orderId} licence={licence} isOneOfSeveral={licences.length > 1} />
      ))}
      <NextSteps signIn={signIn} email={to} />
      <SignInButton signIn={signIn} />
      <Paragraph>Each licence runs on up to 4 computers at once; you can remove a computer in your account at any time.</Paragraph>
    </MailLayout>
  );
}
