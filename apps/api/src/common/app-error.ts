/**
 * The one error type services throw. The exception filter maps it to the spec's error body
 * ({ statusCode, detail, message, code }) so every module speaks the same language.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
    /** The figures of the message (ErrorBody.params), for clients that translate it. */
    readonly params?: Record<string, string | number>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static badRequest(code: string, message: string, fieldErrors?: Record<string, string[]>): AppError {
    return new AppError(400, code, message, fieldErrors);
  }

  static notFound(message = 'Resource not found'): AppError {
    return new AppError(404, 'NOT_FOUND', message);
  }

  static conflict(code: string, message: string): AppError {
    return new AppError(409, code, message);
  }
}
