import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseStatusOf, isDatabaseUnreachable, RETRY_AFTER_SECONDS } from '../db/database-status.js';
import { AppError, errorStatus } from '../lib/app-error.js';

/**
 * One place that turns failures into responses: a non-success status with a short, user-safe plain-text body
 * (the spec's client shows the text). 5xx bodies never carry internals; they are logged with the request.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    reply.type('text/plain; charset=utf-8');
    if (error instanceof AppError) {
      if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(errorStatus[error.code]).send(error.message);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const field = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
      const message = issue?.message ?? 'Invalid input';
      return reply.status(400).send(field ? `${field}: ${message}` : message);
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send('The request is too large.');
    if (status >= 400 && status < 500) {
      return reply.status(status).send(status === 415 ? 'Unsupported content type.' : 'Invalid request.');
    }
    // While PostgreSQL cannot be reached: 503 with Retry-After, logged once per outage (db/database-status.ts).
    if (isDatabaseUnreachable(error)) {
      databaseStatusOf(app.db)?.noteFailure(error);
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return reply.status(503).send('The service is briefly unavailable. Please try again in a moment.');
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send('Something went wrong on our side. Please try again later.');
  });

  app.setNotFoundHandler((request, reply) => {
    reply.type('text/plain; charset=utf-8').status(404).send('Not found');
  });
}
