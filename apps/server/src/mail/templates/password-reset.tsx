// The server runs under tsx, which reads no tsconfig of this package: the automatic JSX runtime is named here.
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { ActionButton, Details, MailLayout, Paragraph } from './mail-layout.js';

type PasswordResetProps = { password: string; siteUrl: string };

/** The password-request mail: the new password, how long it lasts, and that the old one still works. */
export function PasswordReset({ password, siteUrl }: PasswordResetProps) {
  return (
    <MailLayout preview="Your new password for the Plug-in Store" heading="Your new password" siteUrl={siteUrl}>
      <Paragraph>Hello,</Paragraph>
      <Paragraph>somebody (hopefully you) asked for a new password for this email address.</Paragraph>
      <Details rows={[['Your new password', password]]} />
      <ActionButton href={`${siteUrl}/login`}>Log in</ActionButton>
      <Paragraph>
        Your old password keeps working until you log in with the new one. The new password expires in 24 hours if it is not used. If you
        did not ask for it, you can ignore this email.
      </Paragraph>
      <Paragraph>Once logged in, you can choose a password of your own under Change Password in your account.</Paragraph>
    </MailLayout>
  );
}
