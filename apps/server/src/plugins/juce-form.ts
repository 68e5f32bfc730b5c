import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../lib/app-error.js';
import { formatUnlockError, formatUnlockSuccess } from '../licensing/juce-unlock-reply.js';

const JUCE_XML = 'text/xml; charset=utf-8';
const FORM_BODY_LIMIT = 16 * 1024;

/** What a JUCE-style endpoint answers: the message the plug-in shows and the key file it applies. */
export type JuceGrant = { message: string; keyFile: string };

/** Declares one form route of the plugin: its path, its fields' schema and the work that answers a grant. */
type JuceFormRoute = <Body extends z.ZodType>(
  url: `/juce/${string}`,
  body: Body,
  answer: (request: FastifyRequest & { body: z.output<Body> }) => Promise<JuceGrant>,
) => void;

/**
 * The plug-in endpoints in the style of JUCE's online unlock (/juce/unlock, /juce/renew, /juce/trial), as one
 * encapsulated plugin each: a form-encoded body (16 KB at most) and an XML answer, always HTTP 200 (JUCE reads only
 * the body): `<MESSAGE message=".."><KEY>..</KEY></MESSAGE>` for a grant, `<ERROR error=".."/>` for any refusal.
 * `what` names the request in the messages and the log; `declare` adds the routes with the `route` it is given.
 */
export const juceFormPlugin =
  (what: 'unlock' | 'trial', declare: (app: FastifyInstance, route: JuceFormRoute) => void): FastifyPluginAsyncZod =>
  async (app) => {
    acceptJuceForms(app, what);
    declare(
      app,
      <Body extends z.ZodType>(
        url: string,
        body: Body,
        answer: (request: FastifyRequest & { body: z.output<Body> }) => Promise<JuceGrant>,
      ) => {
        app.post(
          url,
          { schema: { tags: ['licence server'], body, consumes: ['application/x-www-form-urlencoded'] } },
          async (request, reply) => {
            // The schema validated the body; the type provider cannot resolve a generic schema's type, so it is named here.
            const grant = await answer(request as FastifyRequest & { body: z.output<Body> });
            return reply.type(JUCE_XML).send(formatUnlockSuccess(grant.message, grant.keyFile));
          },
        );
      },
    );
  };

/** The form parser and the XML error replies, for the encapsulated plugin's routes only. */
function acceptJuceForms(app: FastifyInstance, what: 'unlock' | 'trial'): void {
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
