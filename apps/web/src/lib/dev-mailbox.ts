/**
 * Whether the server keeps the outgoing mail in its development mailbox (no SMTP configured): it says so with
 * `<meta name="dev-mailbox">` in the page (decision 011).
 */
export const hasDevMailbox = (): boolean => document.querySelector('meta[name="dev-mailbox"]') !== null;
