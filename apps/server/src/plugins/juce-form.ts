import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { formatUnlockError } from '../licensing/juce-unlock-reply.js';

export const JUCE_XML = 'text/xml; charset=utf-8';
const FORM_BODY_LIMIT = 16 * 1024;

/**
 * What the plug-in endpoints in the style of JUCE's online unlock share (/juce/unlock, /juce/trial): a form-encoded
 * body and an XML answer, always HTTP 200 (JUCE reads only the body). Call it in an encapsulated plugin, so the form
 * parser and the XML error replies apply to its routes only. `what` names the request in the messages and the log.
 */
export function acceptJuceForms(app: FastifyInstance, what: 'unlock' | 'trial'): void {
  // JUCE sends `name=value&...` with %20 for spaces and a bare `pw` for an empty password; URLSearchParams reads both.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.setErrorHandler((error: FastifyError, request, reply) => {
    let message = `The ${what} request could not be read. Please update the plug-in or contact its vendor.`;
    if (error instanceof AppError) message = error.message;
    else if ((error.statusCode ?? 500) >= 500) {
      request.log.error({ err: error }, `juce ${what} failed`);
      message = 'Something went wrong on our side. Please try again later.';
    }
    return reply.status(200).type(JUCE_XML).send(formatUnlockError(message));
  });
}
