import { ValidationError, ValidationPipe } from '@nestjs/common';
import { AppError } from './app-error';

function collect(
  errors: ValidationError[],
  parent = '',
  into: Record<string, string[]> = {},
): Record<string, string[]> {
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    if (error.constraints) {
      into[path] = Object.values(error.constraints);
    }
    if (error.children?.length) collect(error.children, path, into);
  }
  return into;
}

/**
 * Whitelist + forbid unknown fields + transform. The first message becomes `detail`, which the
 * client shows as is, so DTOs put the spec's wording in their `message` options.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => {
      const fieldErrors = collect(errors);
      const first = Object.values(fieldErrors)[0]?.[0] ?? 'Invalid request';
      return AppError.badRequest('VALIDATION_FAILED', first, fieldErrors);
    },
  });
}
