// The server runs under tsx, which reads no tsconfig of this package: the automatic JSX runtime is named here.
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { ActionButton } from './mail-layout.js';

/**
 * How a licence mail leads into the account (decision 053): the login page for an address with a proven login,
 * otherwise a single-use link that sets a password (`setPassword`: no login yet) or confirms the address of a login
 * registered before (`confirm`).
 */
export type SignInLink = { kind: 'signIn' | 'setPassword' | 'confirm'; url: string };

/** The words every licence mail uses for its way in: the same button, the same step. */
export const SIGN_IN_ACTION = 'Sign in to your account';

/** The login page, for mails that need no single-use link. */
export const loginPageLink = (siteUrl: string): SignInLink => ({ kind: 'signIn', url: `${siteUrl}/login` });

/** The first step of a licence mail: where to sign in, and what the link does the first time. */
export function SignInStep({ signIn, email }: { signIn: SignInLink; email: string }) {
  const link = <a href={signIn.url}>{signIn.url}</a>;
  if (signIn.kind === 'signIn') {
    return (
      <>
        {SIGN_IN_ACTION} at {link} with {email}.
      </>
    );
  }
  return (
    <>
      {SIGN_IN_ACTION}: open {link} and choose your password
      {signIn.kind === 'confirm' ? ', which also confirms that this address is yours' : ''}. The link works once, for 30 days; after that,
      use "Lost your password?" on the login page with {email}.
    </>
  );
}

/** The mail's button into the account. */
export function SignInButton({ signIn }: { signIn: SignInLink }) {
  return (
    <ActionButton href={signIn.kind === 'signIn' ? signIn.url.replace(/\/login$/, '/userarea') : signIn.url}>{SIGN_IN_ACTION}</ActionButton>
  );
}
