import { afterEach } from 'vitest';

/**
 * The server's word that no SMTP is configured and the mail stays in its development mailbox (decision 011), the
 * page's `<meta name="dev-mailbox">`, for the calling file's tests: the answer puts it in the page (call it in a
 * test or a `beforeEach`); it is taken away after each test.
 */
export function stubDevMailbox(): () => void {
  afterEach(() => document.head.querySelector('meta[name="dev-mailbox"]')?.remove());
  return () => {
    const meta = document.createElement('meta');
    meta.name = 'dev-mailbox';
    meta.content = 'on';
    document.head.append(meta);
  };
}
