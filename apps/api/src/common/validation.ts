import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { AppError } from './app-error';

/** The code of a body whose first problem names none (DTO rules may name theirs in `context: { code }`). */
const GENERIC_VALIDATION_CODE = 'VALIDATION_FAILED';

interface CollectedProblems {
  fieldErrors: Record<string, string[]>;
  /** The `context.code` of each field's first failed rule that names one. */
  codeByField: Record<string, string>;
}

function codeOf(error: ValidationError): string | undefined {
  for (const name of Object.keys(error.constraints ?? {})) {
    const code: unknown = (error.contexts?.[name] as { code?: unknown } | undefined)?.code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

function collect(
  errors: ValidationError[],
  parent = '',
  into: CollectedProblems = { fieldErrors: {}, codeByField: {} },
): CollectedProblems {
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    if (error.constraints) {
      into.fieldErrors[path] = Object.values(error.constraints);
      const code = codeOf(error);
      if (code !== undefined) into.codeByField[path] = code;
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
        throw AppError.badRequest(GENERIC_VALIDATION_CODE, message, { [name]: [message] });
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
      const { fieldErrors, codeByField } = collect(errors);
      const [firstField, firstMessages] = Object.entries(fieldErrors)[0] ?? [];
      const first = firstMessages?.[0] ?? 'Invalid request';
      // The body's code names the problem its `detail` words, so clients can translate it without reading words.
      const code = (firstField !== undefined ? codeByField[firstField] : undefined) ?? GENERIC_VALIDATION_CODE;
      return AppError.badRequest(code, first, fieldErrors);
    },
  });
}
