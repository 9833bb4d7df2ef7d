import type {
  OpenAPIObject,
  OperationObject,
  ReferenceObject,
  RequestBodyObject,
  ResponseObject,
} from '@nestjs/swagger';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/**
 * Write operations whose request carries nothing: the target is in the path and the caller in the token. Any other
 * write operation must document its request body. A route added here is a deliberate choice, visible in review.
 */
export const WRITES_WITHOUT_PAYLOAD = new Set([
  'POST /api/auth/logout',
  'POST /api/auth/logout-all',
  'POST /api/auth/sessions/revoke-all',
  'POST /api/auth/sessions/{id}/revoke',
  'POST /api/auth/oauth/{provider}/unlink',
  'POST /api/rooms/{id}/spectate',
  'POST /api/rooms/{id}/leave',
  'POST /api/notifications/read-all',
  'POST /api/notifications/{id}/read',
  'DELETE /api/matchmaking/queue',
  'POST /api/kyc/inquiries',
  'POST /api/tournaments/{id}/entries',
  'DELETE /api/tournaments/{id}/entries/me',
  'POST /api/tournaments/{id}/attempts',
]);

/**
 * Write operations that read their JSON body raw from the request instead of through a DTO: a signature covers its
 * exact bytes (identity-provider webhooks). They document a generic JSON object body.
 */
export const WRITES_WITH_RAW_BODY = new Set(['POST /api/kyc/webhooks/{provider}']);

export interface DocumentationCounts {
  operations: number;
  withSuccessSchema: number;
  writes: number;
  writesWithRequestBody: number;
  withErrorBody: number;
}

const hasSchema = (response: ResponseObject | ReferenceObject | undefined): boolean =>
  response !== undefined &&
  !('$ref' in response) &&
  Object.values(response.content ?? {}).some((media) => media.schema !== undefined);

const hasJsonBody = (body: RequestBodyObject | ReferenceObject | undefined): boolean =>
  body !== undefined && ('$ref' in body || body.content['application/json']?.schema !== undefined);

function operations(document: OpenAPIObject): [string, OperationObject][] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    HTTP_METHODS.filter((method) => item[method]).map((method): [string, OperationObject] => [
      `${method.toUpperCase()} ${path}`,
      item[method] as OperationObject,
    ]),
  );
}

/**
 * What a client generator would miss in the document: an operation without a success (2xx) schema, a write with a
 * payload but no request body, an operation whose error answers have no body schema. Empty when complete.
 */
export function documentationGaps(document: OpenAPIObject): string[] {
  const gaps: string[] = [];
  for (const [name, operation] of operations(document)) {
    const successes = Object.entries(operation.responses).filter(([status]) => /^2\d\d$/.test(status));
    if (successes.length === 0) gaps.push(`${name}: no 2xx answer`);
    for (const [status, response] of successes) {
      if (!hasSchema(response)) gaps.push(`${name}: ${status} answer has no schema`);
    }
    const isWrite = !name.startsWith('GET ');
    if (isWrite && !WRITES_WITHOUT_PAYLOAD.has(name) && !hasJsonBody(operation.requestBody)) {
      gaps.push(`${name}: write operation without a request body`);
    }
    if (isWrite && WRITES_WITHOUT_PAYLOAD.has(name) && operation.requestBody) {
      gaps.push(`${name}: listed as taking no payload but documents a request body`);
    }
    const errors = Object.entries(operation.responses).filter(([status]) => /^[45](\d\d|XX)$/.test(status));
    if (errors.length === 0 || errors.some(([, response]) => !hasSchema(response))) {
      gaps.push(`${name}: error answers without the error body schema`);
    }
  }
  return gaps;
}

export function documentationCounts(document: OpenAPIObject): DocumentationCounts {
  const all = operations(document);
  const writes = all.filter(([name]) => !name.startsWith('GET '));
  return {
    operations: all.length,
    withSuccessSchema: all.filter(([, operation]) =>
      Object.entries(operation.responses).some(([status, response]) => /^2/.test(status) && hasSchema(response)),
    ).length,
    writes: writes.length,
    writesWithRequestBody: writes.filter(([, operation]) => hasJsonBody(operation.requestBody)).length,
    withErrorBody: all.filter(
      ([, operation]) => hasSchema(operation.responses['4XX']) && hasSchema(operation.responses['5XX']),
    ).length,
  };
}
