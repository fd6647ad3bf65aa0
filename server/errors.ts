// Typed domain errors. Services throw these; the one error handler (plugins/error-handler.ts) maps them to HTTP.
import { FORBIDDEN_MESSAGE, FORBIDDEN_REASON } from '../src/contracts/roles';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Goes into the error body as `reason` when set. */
    readonly reason?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends HttpError {
  constructor(message: string, reason?: string) {
    super(400, message, {}, reason);
  }
}

export class UnauthorizedError extends HttpError {
  constructor(message = 'Unauthorized access. Please login again.', reason?: string) {
    super(401, message, {}, reason);
  }
}

/** The signed-in role may not make this call (src/contracts/roles.ts); nothing was changed. */
export class ForbiddenError extends HttpError {
  constructor(message = FORBIDDEN_MESSAGE, reason = FORBIDDEN_REASON) {
    super(403, message, {}, reason);
  }
}

export class NotFoundError extends HttpError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}

/** The row changed since the client read it, or a decision was already taken. */
export class ConflictError extends HttpError {
  constructor(message: string, reason?: string) {
    super(409, message, {}, reason);
  }
}

export class TooManyRequestsError extends HttpError {
  constructor(retryAfterSeconds: number, message = 'Too many requests. Please try again later.') {
    super(429, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}

export class ServiceUnavailableError extends HttpError {
  constructor(message = 'The service is temporarily unavailable. Please try again shortly.', retryAfterSeconds = 5) {
    super(503, message, { 'retry-after': String(retryAfterSeconds) });
  }
}
