// Typed domain errors. Services throw these; the one error handler in app.ts maps them to HTTP.

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends HttpError {
  constructor(message: string) {
    super(400, message);
  }
}

export class UnauthorizedError extends HttpError {
  constructor(message = 'Unauthorized access. Please login again.') {
    super(401, message);
  }
}

export class NotFoundError extends HttpError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}

/** The row changed since the client read it, or a decision was already taken. */
export class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}

export class TooManyRequestsError extends HttpError {
  constructor(retryAfterSeconds: number, message = 'Too many requests. Please try again later.') {
    super(429, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}

export class ServiceUnavailableError extends HttpError {
  constructor(message = 'The service is temporarily unavailable. Please try again shortly.') {
    super(503, message, { 'retry-after': '5' });
  }
}
