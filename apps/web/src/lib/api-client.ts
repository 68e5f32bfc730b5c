import type { z } from 'zod';
import { API_BASE_URL } from '../config/paths';
import { getCurrentUser, logOut } from './session';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A failed call. `status` is the HTTP status (0 when the server was not reached) and `text` the server's
 * plain-text answer, which the screens show to the user (spec §8).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly text: string;
  /** `status`: non-success status; `network`: no answer; `invalid-response`: a success whose body is not the expected JSON. */
  readonly kind: 'status' | 'network' | 'invalid-response';

  constructor(kind: ApiError['kind'], status: number, text: string) {
    super(text || `Request failed (${status})`);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.text = text;
  }
}

export type ApiRequestOptions<T> = {
  /** Sent as JSON. */
  body?: unknown;
  /**
   * Parses the JSON answer; without it the answer is `unknown`. May be a loader, so that calls made by the
   * visitor's first page keep the contracts' zod schemas in a lazily loaded chunk.
   */
  schema?: z.ZodType<T> | (() => Promise<z.ZodType<T>>);
  /** Sends the signed-in user's bearer token (spec §6: anonymous calls carry no auth header). */
  auth?: boolean;
  signal?: AbortSignal;
};

const parseJson = (text: string): { ok: true; value: unknown } | { ok: false } => {
  if (text === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
};

/**
 * The one fetch helper (spec §7): reads the body as text, parses JSON if non-empty, and rejects with the raw
 * text on a non-success status. Only a 401 (the server saying the session is gone) logs the user out; every other
 * failure is the caller's to show where it happened, and the user stays signed in. This departs from the spec's
 * letter (§4: any failure logs out): docs/decisions/022-failures-keep-the-session.md. Logging out only forgets
 * the stored user, so a failed login keeps its form and shows the text.
 */
export async function apiRequest<T = unknown>(method: HttpMethod, path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const user = options.auth ? getCurrentUser() : null;
  if (user) headers.authorization = `Bearer ${user.token}`;

  const schemaReady = typeof options.schema === 'function' ? options.schema() : Promise.resolve(options.schema);
  // Observed here as well, so a failed fetch does not also leave an unhandled rejection behind.
  schemaReady.catch(() => undefined);

  let response: Response;
  let text: string;
  try {
    response = await fetch(`${API_BASE_URL}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
    text = await response.text();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('network', 0, error instanceof Error ? error.message : String(error));
  }

  if (!response.ok) {
    // A 401 for a token that a login in another tab has replaced meanwhile says nothing about the new session, which
    // the tab left open with unsaved work needs (review 2026-11-28, web client, finding 1).
    const isSessionSentCurrent = user === null || getCurrentUser()?.token === user.token;
    if (response.status === 401 && isSessionSentCurrent) logOut();
    throw new ApiError('status', response.status, text);
  }
  const json = parseJson(text);
  if (!json.ok) throw new ApiError('invalid-response', response.status, text);
  let schema: z.ZodType<T> | undefined;
  try {
    schema = await schemaReady;
  } catch (error) {
    throw new ApiError('network', 0, error instanceof Error ? error.message : String(error));
  }
  if (!schema) return json.value as T;
  const parsed = schema.safeParse(json.value);
  if (!parsed.success) throw new ApiError('invalid-response', response.status, text);
  return parsed.data;
}

/** The text to show for a failed call: the server's plain text, or the error's message. */
export const errorText = (error: unknown): string => {
  if (error instanceof ApiError) return error.text;
  return error instanceof Error ? error.message : String(error);
};
