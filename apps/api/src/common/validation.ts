import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
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

/** Our request bodies are at most a few levels deep; class-transformer/validator recurse and overflow the stack. */
export const MAX_BODY_DEPTH = 32;
export const BODY_TOO_DEEP_MESSAGE = `Request body is nested too deeply (at most ${MAX_BODY_DEPTH} levels)`;

/** True when `value` has objects/arrays nested more than `limit` levels; iterative, so it cannot overflow itself. */
export function isNestedDeeperThan(value: unknown, limit: number): boolean {
  const stack: { node: unknown; depth: number }[] = [{ node: value, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop() as { node: unknown; depth: number };
    if (typeof node !== 'object' || node === null) continue;
    if (depth + 1 > limit) return true;
    for (const child of Object.values(node)) stack.push({ node: child, depth: depth + 1 });
  }
  return false;
}

/** PostgreSQL's `integer`, the type of every number a path or query parameter stands for (e.g. a round). */
const PG_INTEGER_MAX = 2_147_483_647;
const PG_INTEGER_MIN = -2_147_483_648;
export const integerOutOfRangeMessage = (name: string): string => `${name} is out of range`;

/** True for a decimal integer string (what ParseIntPipe accepts) that does not fit PostgreSQL's `integer`. */
export function isIntegerOutOfRange(value: unknown): boolean {
  if (typeof value !== 'string' || !/^[+-]?\d+$/.test(value)) return false;
  const number = BigInt(value);
  return number > BigInt(PG_INTEGER_MAX) || number < BigInt(PG_INTEGER_MIN);
}

/**
 * Refuses over-deep bodies with a 400 before the validation pipe recurses into them, and path or query parameters
 * declared as numbers (`round: number`) that are integers PostgreSQL cannot hold, before a query fails on them.
 */
class DepthLimitedValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' && isNestedDeeperThan(value, MAX_BODY_DEPTH)) {
      throw AppError.badRequest('BODY_TOO_DEEP', BODY_TOO_DEEP_MESSAGE);
    }
    if ((metadata.type === 'param' || metadata.type === 'query') && metadata.metatype === Number) {
      if (isIntegerOutOfRange(value)) {
        const name = metadata.data ?? metadata.type;
        const message = integerOutOfRangeMessage(name);
        throw AppError.badRequest('VALIDATION_FAILED', message, { [name]: [message] });
      }
    }
    return super.transform(value, metadata) as Promise<unknown>;
  }
}

/**
 * Whitelist + forbid unknown fields + transform. The first message becomes `detail`, which the
 * client shows as is, so DTOs put the spec's wording in their `message` options.
 */
export function createValidationPipe(): ValidationPipe {
  return new DepthLimitedValidationPipe({
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
