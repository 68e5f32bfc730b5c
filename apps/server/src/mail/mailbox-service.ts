import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { bindDependencies } from '../lib/service-object.js';
import { listFailedMails, retryMail } from './failed-mail.service.js';
import { readMailbox } from './mailbox.service.js';

/**
 * The mailbox's service, built once by `buildApp` with its database and settings (decision 067): the development
 * mailbox (off when SMTP is configured), and the mail that failed for good, listed and sent again.
 */
export function createMailboxService(deps: { db: Db; config: Config }) {
  const { db, config } = deps;
  return {
    ...bindDependencies({ db }, { retryMail }),
    readMailbox: (options: { to?: string; isAdmin: boolean }) => readMailbox({ db, isSmtpOn: Boolean(config.SMTP_URL), ...options }),
    listFailedMails: () => listFailedMails(db),
  };
}
export type MailboxService = ReturnType<typeof createMailboxService>;
