import type { MessageCode } from '../i18n/messages.ts';

type Params = Record<string, string | number>;

/** An error meant for the caller: a status, a code from the message catalogue and its params. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly messageCode: MessageCode,
    readonly params: Params = {},
    readonly details?: unknown,
  ) {
    super(messageCode);
  }
}

export class ValidationError extends AppError {
  constructor(messageCode: MessageCode, params?: Params, details?: unknown) {
    super(400, 'VALIDATION_ERROR', messageCode, params, details);
  }
}
export class UnauthorizedError extends AppError {
  constructor(messageCode: MessageCode = 'UNAUTHENTICATED') {
    super(401, messageCode, messageCode);
  }
}
export class ForbiddenError extends AppError {
  constructor(messageCode: MessageCode = 'FORBIDDEN') {
    super(403, messageCode, messageCode);
  }
}
export class NotFoundError extends AppError {
  constructor(messageCode: MessageCode = 'NOT_FOUND') {
    super(404, messageCode, messageCode);
  }
}
export class ConflictError extends AppError {
  constructor(messageCode: MessageCode, params?: Params) {
    super(409, messageCode, messageCode, params);
  }
}
export class BusinessRuleError extends AppError {
  constructor(messageCode: MessageCode, params?: Params) {
    super(422, messageCode, messageCode, params);
  }
}
export class TooManyRequestsError extends AppError {
  constructor(
    messageCode: MessageCode,
    readonly retryAfterSeconds: number,
    params?: Params,
  ) {
    super(429, messageCode, messageCode, params);
  }
}

/** Throws NotFoundError when a repository found nothing (including another account's id). */
export function found<T>(value: T | null | undefined, code: MessageCode = 'NOT_FOUND'): T {
  if (value === null || value === undefined) throw new NotFoundError(code);
  return value;
}
