import { randomBytes } from 'node:crypto';
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
 * A value's stand-in in a template rendered once per shape: letters and digits only (React and html-to-text leave them
 * as they are), with a per-process mark no customer's value holds.
 */
const PLACEHOLDER_MARK = `mv${randomBytes(6).toString('hex')}x`;
const placeholderOf = (index: number) => `${PLACEHOLDER_MARK}${index}z`;
const PLACEHOLDER = new RegExp(`${PLACEHOLDER_MARK}(\\d+)z`, 'g');
/**
 * The values put into a rendered body as they are: no markup characters (React escapes them in HTML, html-to-text
 * unescapes them in the text) and no whitespace but single spaces (html-to-text collapses runs). Other values, rare
 * in real orders, have their mail rendered in full.
 */
const PLAIN_VALUE = /^[^\s<>&"'`]+(?: [^\s<>&"'`]+)*$/;
/** Per template and shape: the body rendered with placeholders, or `false` where that was found not to match. */
const bodiesOfShapes = new Map<string, { html: string; text: string } | false>();
/** More shapes than a template has (licence counts, flags): beyond it, renders are not kept. */
const MAX_SHAPES = 500;

/**
 * A mail's body made by a template from string values, rendered once per `shape` (decision 072): what the template
 * decides by other than the values' text (how many licences, which sign-in link, which values are empty) must be in
 * `shape`. The first mail of a shape is rendered in full and with placeholders; the placeholders' render is kept
 * only if the values put into it give that very mail, so a template whose output depends on a value's text (upper
 * case, a comparison) is rendered in full every time. Values that are not plain (see PLAIN_VALUE) are too.
 */
export function renderMailBodyOfValues(
  shape: string,
  values: readonly string[],
  body: (values: readonly string[]) => ReactElement,
): { html: string; text: string } {
  const key = `${shape}|${values.map((value) => (value === '' ? '0' : '1')).join('')}`;
  const kept = bodiesOfShapes.get(key);
  const isPlain = values.every((value) => value === '' || PLAIN_VALUE.test(value));
  if (kept && isPlain) return { html: withValues(kept.html, values), text: withValues(kept.text, values) };
  const rendered = renderMailBody(body(values));
  if (kept === undefined && isPlain && bodiesOfShapes.size < MAX_SHAPES) {
    const placeholders = renderMailBody(body(values.map((value, index) => (value === '' ? '' : placeholderOf(index)))));
    const isMatching = withValues(placeholders.html, values) === rendered.html && withValues(placeholders.text, values) === rendered.text;
    bodiesOfShapes.set(key, isMatching ? placeholders : false);
  }
  return rendered;
}

const withValues = (rendered: string, values: readonly string[]) =>
  rendered.replace(PLACEHOLDER, (_, index: string) => values[Number(index)]!);

/**
 * The one way a mail is made (docs/decisions/023-customer-journey.md): a template component from
 * `mail/templates/` becomes the HTML part and the plain-text part of an outgoing mail.
 */
export function composeMail(mail: {
  to: string;
  subject: string;
  /** The template's element, or a body already rendered (renderMailBodyOfValues). */
  body: ReactElement | { html: string; text: string };
  replyTo?: string;
  attachments?: MailAttachment[];
  /** It carries a password or a one-time link: its body is not kept once it is sent. */
  containsSecret?: boolean;
  /** What the mail is (`password-reset`, ...), shown to the administrator after a secret is cleared. */
  kind?: string;
  /** Further headers (release mail's List-Unsubscribe, RFC 8058). */
  headers?: Record<string, string>;
}): OutgoingMail {
  const { html, text } = 'html' in mail.body ? mail.body : renderMailBody(mail.body);
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
