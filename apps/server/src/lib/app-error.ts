/** The closed set of failure kinds; the error handler maps each to one HTTP status. */
export const errorStatus = {
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  tooManyRequests: 429,
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof errorStatus;

/** A failure whose message is safe to show to the user as it is. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError('badRequest', message);
export const notFound = (message = 'Not found') => new AppError('notFound', message);
export const conflict = (message: string) => new AppError('conflict', message);
