// The server runs under tsx, which reads no tsconfig of this package: the automatic JSX runtime is named here.
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { ActionButton, MailLayout, Paragraph } from './mail-layout.js';

type LinkProps = { link: string; siteUrl: string };

/** The confirmation link mailed at registration (docs/SECURITY.md, "Proof of address"). */
export function AccountConfirmation({ link, siteUrl }: LinkProps) {
  return (
    <MailLayout preview="Confirm your email address" heading="Confirm your email address" siteUrl={siteUrl}>
      <Paragraph>Hello,</Paragraph>
      <Paragraph>
        an account was registered with this email address. Open this link to confirm that the address is yours; your licences appear in your
        account once it is confirmed.
      </Paragraph>
      <ActionButton href={link}>Confirm my address</ActionButton>
      <Paragraph>{link}</Paragraph>
      <Paragraph>
        The link works once, for 7 days. If you did not register, you can ignore this email: nobody sees your licences without this link.
      </Paragraph>
    </MailLayout>
  );
}

/** The invitation of a new staff login. */
export function StaffInvitation({ link, siteUrl, role }: LinkProps & { role: string }) {
  return (
    <MailLayout preview="Your staff login" heading="Your staff login" siteUrl={siteUrl}>
      <Paragraph>Hello,</Paragraph>
      <Paragraph>you have been given a staff login ({role}) for the shop's back office. Open this link to choose your password.</Paragraph>
      <ActionButton href={link}>Choose my password</ActionButton>
      <Paragraph>{link}</Paragraph>
      <Paragraph>
        The link works once, for 7 days. Log in with this email address; you can then turn on two-factor login in your account.
      </Paragraph>
    </MailLayout>
  );
}
