import { plainTextSelectors } from '@react-email/render';
import { compile } from 'html-to-text';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { MailAttachment, OutgoingMail } from './outbox.js';

const DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * The HTML part's plain-text alternative, as React Email's `toPlainText` makes it (its selectors: no images, links
 * without brackets), with headings keeping their case (html-to-text upper-cases them by default). Compiled once:
 * `toPlainText` compiles its options on every mail, which cost more than rendering the mail.
 */
const toPlainText = compile({ wordwrap: false, selectors: [...plainTextSelectors, { selector: 'h1', options: { uppercase: false } }] });

/** A mail's body rendered once: the HTML document and its plain-text alternative, made from the same template. */
export function renderMailBody(body: ReactElement): { html: string; text: string } {
  // React Email's own render() is asynchronous; its components are plain markup, so React's synchronous static
  // renderer gives the same document, and the template functions stay synchronous for every caller.
  const html = `${DOCTYPE}${renderToStaticMarkup(body)}`;
  const text = toPlainText(html);
  return { html, text: text.trim() };
}

/**
 * The one way a mail is made (docs/decisions/023-customer-journey.md): a template component from
 * `mail/templates/` becomes the HTML part and the plain-text part of an outgoing mail.
 */
export function composeMail(mail: {
  to: string;
  subject: string;
  body: ReactElement;
  replyTo?: string;
  attachments?: MailAttachment[];
  /** It carries a password or a one-time link: its body is not kept once it is sent. */
  containsSecret?: boolean;
  /** What the mail is (`password-reset`, ...), shown to the administrator after a secret is cleared. */
  kind?: string;
  /** Further headers (release mail's List-Unsubscribe, RFC 8058). */
  headers?: Record<string, string>;
}): OutgoingMail {
  const { html, text } = renderMailBody(mail.body);
  return {
    to: mail.to,
    subject: mail.subject,
    text,
    html,
    ...(mail.replyTo === undefined ? {} : { replyTo: mail.replyTo }),
    ...(mail.attachments === undefined ? {} : { attachments: mail.attachments }),
    ...(mail.containsSecret ? { containsSecret: true } : {}),
    ...(mail.kind === undefined ? {} : { kind: mail.kind }),
    ...(mail.headers === undefined ? {} : { headers: mail.headers }),
  };
}
