import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { hitRateLimit, rateLimits } from '../lib/rate-limit.js';
import { type ApiKeyCaller, type ApiKeyPolicy, useApiKey } from '../modules/api-key/index.js';
import { findSessionActor, type SessionActor } from '../modules/auth/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, resolved from the bearer token by `authenticate`. */
    actor?: SessionActor;
    bearerToken?: string;
    /** The API key of a script call, resolved by `requireApiKey`. */
    apiKey?: ApiKeyCaller;
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

/**
 * The hook of a script API call (decision 052): the bearer token must be an API key that is not revoked (else
 * 401), within its rate limit (429), and the resource's policy must grant the call to its scopes (else 403). The
 * key's last use is recorded as it is found. Unknown keys count against the caller's address.
 */
export function requireApiKey(app: FastifyInstance, policy: ApiKeyPolicy) {
  return async function requireApiKey(request: FastifyRequest, _reply: FastifyReply) {
    const token = readBearer(request);
    if (!token) throw new AppError('unauthorized', 'An API key is required.');
    const key = await useApiKey(app.db, token);
    if (!key) {
      await hitRateLimit(app.db, rateLimits.apiKeyFailuresPerIp, request.ip);
      throw new AppError('unauthorized', 'This API key is not valid or has been revoked.');
    }
    await hitRateLimit(app.db, rateLimits.apiKeyCallsPerKey, String(key.id));
    if (!policy(key)) throw new AppError('forbidden', 'This API key does not have the scope this call needs.');
    request.apiKey = key;
  };
}

/** The API key of a request that passed `requireApiKey`. */
export function apiKeyOf(request: FastifyRequest): ApiKeyCaller {
  if (!request.apiKey) throw new AppError('unauthorized', 'An API key is required.');
  return request.apiKey;
}

export const isStaff = (actor: SessionActor | undefined): boolean => actor !== undefined && actor.role !== 'customer';

/** The actor of a request that passed `requireUser` or `requireAdmin`. */
export function actorOf(request: FastifyRequest): SessionActor & { token: string } {
  if (!request.actor || !request.bearerToken) throw new AppError('unauthorized', 'Please log in.');
  return { ...request.actor, token: request.bearerToken };
}
