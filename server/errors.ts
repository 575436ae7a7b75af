/**
 * Errors that services throw in domain terms; the error handler maps them to the HTTP contract.
 * Services never build HTTP replies themselves.
 */
export interface FieldError {
  path: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequest extends AppError {
  constructor(message: string, errors?: FieldError[]) {
    super(400, message, errors);
  }
}
export class Forbidden extends AppError {
  constructor(message = 'Forbidden') {
    super(403, message);
  }
}
/** A fresh sign-in is needed first: 403 with `reauthenticate: true` (contracts/errors.ts). */
export class ReauthenticationRequired extends AppError {
  readonly reauthenticate = true;
  constructor(message: string) {
    super(403, message);
  }
}
export class NotFound extends AppError {
  constructor(message = 'Not Found') {
    super(404, message);
  }
}
export class Conflict extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}
/**
 * A change sent with a version the row no longer has (If-Match, docs/decisions/032): 412, with the
 * row as it is now as `current`, so the client can show both and ask which to keep.
 */
export class PreconditionFailed<T = unknown> extends AppError {
  constructor(
    message: string,
    readonly current: T,
  ) {
    super(412, message);
  }
}
/** The request is well formed but cannot be done as it is (an idempotency key reused). */
export class UnprocessableContent extends AppError {
  constructor(message: string) {
    super(422, message);
  }
}
export class PayloadTooLarge extends AppError {
  constructor(message: string) {
    super(413, message);
  }
}
export class Gone extends AppError {
  constructor(message: string) {
    super(410, message);
  }
}
/** Too many requests for now; `retryAfterSeconds` says when to come back (Retry-After). */
export class TooManyRequests extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds = 60,
  ) {
    super(429, message);
  }
}
/** No room now (a full disk, a busy pool); `retryAfterSeconds` says when to come back. */
export class ServiceUnavailable extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds = 60,
  ) {
    super(503, message);
  }
}
