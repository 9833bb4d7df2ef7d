import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';

/** What the caller is told when a path, query or body string holds text that cannot be stored. */
export const UNSTORABLE_TEXT_MESSAGE = 'Text cannot contain the null character or invalid Unicode';

/**
 * Text that no column can hold and no rule should see: U+0000 (PostgreSQL's text types refuse it, so it used to
 * surface as a 500 from the first query that touched it) and UTF-16 surrogates that are not part of a pair (not
 * Unicode at all; they broke e.g. e-mail normalisation).
 */
// eslint-disable-next-line no-control-regex
const UNSTORABLE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The name of the first field (`reason`, `items.0.name`, or the key itself when a key is at fault) whose string
 * value or key holds unstorable text, else null. Walks iteratively, so a deeply nested body cannot overflow it.
 */
export function findUnstorableText(value: unknown): string | null {
  const stack: { node: unknown; path: string }[] = [{ node: value, path: '' }];
  while (stack.length > 0) {
    const { node, path } = stack.pop() as { node: unknown; path: string };
    if (typeof node === 'string') {
      if (UNSTORABLE_TEXT.test(node)) return path || 'value';
      continue;
    }
    if (typeof node !== 'object' || node === null) continue;
    for (const [key, child] of Object.entries(node)) {
      const childPath = path ? `${path}.${key}` : key;
      if (UNSTORABLE_TEXT.test(key)) return childPath;
      stack.push({ node: child, path: childPath });
    }
  }
  return null;
}

/**
 * Refuses, for every route and before any guard, pipe or query runs, a request whose path parameters, query or body
 * hold unstorable text: 400 VALIDATION_FAILED in the usual error body, the field named in `errors`.
 */
export function refuseUnstorableText(instance: FastifyInstance): void {
  instance.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = findUnstorableText(part);
      if (field !== null) {
        throw AppError.badRequest('VALIDATION_FAILED', UNSTORABLE_TEXT_MESSAGE, { [field]: [UNSTORABLE_TEXT_MESSAGE] });
      }
    }
  });
}
