// The server runs under tsx, which reads no tsconfig of this package: the automatic JSX runtime is named here.
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';

// The site's look (apps/web/src/styles): the dark navigation bar, Bootstrap's type and the darker primary blue.
const colors = { dark: '#212529', primary: '#0a58ca', text: '#212529', muted: '#6c757d', page: '#f1f3f5', border: '#dee2e6' };
const font = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

type MailLayoutProps = {
  /** The line mail programs show after the subject. */
  preview: string;
  heading: string;
  /** The site's address, for the header and footer links; omitted in mails to staff. */
  siteUrl?: string;
  children: ReactNode;
};

/** Every mail's frame: the store's bar, a heading, the content, and a footer with the site's address. */
export function MailLayout({ preview, heading, siteUrl, children }: MailLayoutProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: colors.page, color: colors.text, fontFamily: font, margin: 0, padding: '24px 0' }}>
        <Container style={{ backgroundColor: '#ffffff', border: `1px solid ${colors.border}`, borderRadius: 6, maxWidth: 600 }}>
          <Section style={{ backgroundColor: colors.dark, borderRadius: '6px 6px 0 0', padding: '16px 24px' }}>
            <Text style={{ color: '#ffffff', fontSize: 18, fontWeight: 700, letterSpacing: 1, margin: 0 }}>PLUG-IN STORE</Text>
          </Section>
          <Section style={{ padding: '8px 24px 24px' }}>
            <Heading as="h1" style={{ fontSize: 22, fontWeight: 600, margin: '16px 0' }}>
              {heading}
            </Heading>
            {children}
          </Section>
          {siteUrl !== undefined && (
            <>
              <Hr style={{ borderColor: colors.border, margin: 0 }} />
              <Section style={{ padding: '12px 24px' }}>
                <Text style={{ color: colors.muted, fontSize: 12, margin: 0 }}>
                  Plug-in Store ·{' '}
                  <Link href={siteUrl} style={{ color: colors.muted }}>
                    {siteUrl}
                  </Link>{' '}
                  · Help: <Link href={`${siteUrl}/support`} style={{ color: colors.muted }}>{`${siteUrl}/support`}</Link>
                </Text>
              </Section>
            </>
          )}
        </Container>
      </Body>
    </Html>
  );
}

/** A paragraph of body text. */
export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={{ fontSize: 15, lineHeight: '24px', margin: '0 0 14px' }}>{children}</Text>;
}

/** The mail's main action, as a button (a plain link in the text part). */
export function ActionButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '8px 0 18px' }}>
      <Button
        href={href}
        style={{ backgroundColor: colors.primary, borderRadius: 4, color: '#ffffff', fontSize: 15, fontWeight: 600, padding: '10px 18px' }}
      >
        {children}
      </Button>
    </Section>
  );
}

/** Label and value lines (serial, order number, …), one a line in both parts. */
export function Details({ rows }: { rows: readonly (readonly [label: string, value: ReactNode])[] }) {
  return (
    <Section style={{ backgroundColor: colors.page, borderRadius: 4, margin: '0 0 14px', padding: '10px 14px' }}>
      {rows.map(([label, value]) => (
        <Text key={label} style={{ fontSize: 14, lineHeight: '22px', margin: 0 }}>
          <span style={{ color: colors.muted }}>{label}:</span>{' '}
          <strong style={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace' }}>{value}</strong>
        </Text>
      ))}
    </Section>
  );
}

/** A numbered list of next steps. */
export function Steps({ steps }: { steps: readonly ReactNode[] }) {
  return (
    <ol style={{ fontSize: 15, lineHeight: '24px', margin: '0 0 14px', paddingLeft: 22 }}>
      {steps.map((step, index) => (
        <li key={index}>{step}</li>
      ))}
    </ol>
  );
}

/** Text kept as typed (a customer's problem description): line breaks stay, in both parts. */
export function PreformattedText({ children }: { children: string }) {
  return (
    <Text style={{ fontSize: 14, lineHeight: '22px', margin: '0 0 14px', whiteSpace: 'pre-wrap' }}>
      {children.split('\n').map((line, index) => (
        <span key={index}>
          {index > 0 && <br />}
          {line}
        </span>
      ))}
    </Text>
  );
}
