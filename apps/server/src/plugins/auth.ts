import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';
import type { SessionActor } from '../modules/auth/auth.repository.js';
import { findSessionActor } from '../modules/auth/auth.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, resolved from the bearer token by `authenticate`. */
    actor?: SessionActor;
    bearerToken?: string;
  }
}

const readBearer = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
};

/** Resolves the caller from the bearer token; refuses with 401 when there is none or it is not valid. */
async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<SessionActor> {
  if (request.actor) return request.actor;
  const token = readBearer(request);
  if (!token) throw new AppError('unauthorized', 'Please log in.');
  const actor = await findSessionActor(app.db, token);
  if (!actor) throw new AppError('unauthorized', 'Your session has ended. Please log in again.');
  request.actor = actor;
  request.bearerToken = token;
  return actor;
}

/** Hooks that each audience's routes apply: a signed-in customer or administrator, or the administrator only. */
export function createAuthHooks(app: FastifyInstance) {
  return {
    requireUser: async (request: FastifyRequest, _reply: FastifyReply) => {
      await authenticate(app, request);
    },
    requireAdmin: async (request: FastifyRequest, _reply: FastifyReply) => {
      const actor = await authenticate(app, request);
      if (!actor.isAdmin) throw new AppError('forbidden', 'Only the administrator may do this.');
    },
    /**
     * Any staff login: the administrators and "support", who may see persons, orders and mails and resend keys,
     * but not products' keys, pages or batches (those routes keep `requireAdmin`).
     */
    requireStaff: async (request: FastifyRequest, _reply: FastifyReply) => {
      const actor = await authenticate(app, request);
      if (!isStaff(actor)) throw new AppError('forbidden', 'Only staff may do this.');
    },
    /**
     * For calls anyone may make that do more for a signed-in caller: sets the actor when the token is valid. A
     * missing, stale or foreign token is not an error; the caller is simply served as anonymous.
     */
    identifyCallerIfAny: async (request: FastifyRequest, _reply: FastifyReply) => {
      if (request.headers.authorization) await authenticate(app, request).catch(() => undefined);
    },
  };
}

export const isStaff = (actor: SessionActor | undefined): boolean => actor !== undefined && actor.role !== 'customer';

/** The actor of a request that passed `requireUser` or `requireAdmin`. */
export function actorOf(request: FastifyRequest): SessionActor & { token: string } {
  if (!request.actor || !request.bearerToken) throw new AppError('unauthorized', 'Please log in.');
  return { ...request.actor, token: request.bearerToken };
}
