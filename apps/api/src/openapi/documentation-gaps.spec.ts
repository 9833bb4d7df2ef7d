import type { OpenAPIObject } from '@nestjs/swagger';
import { documentationCounts, documentationGaps } from './documentation-gaps';

const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const errors = { '4XX': { description: 'error', ...json({ $ref: '#/components/schemas/ErrorBody' }) } };
const documented = { responses: { '200': { description: 'ok', ...json({ type: 'object' }) }, ...errors } };

function document(paths: OpenAPIObject['paths']): OpenAPIObject {
  return { openapi: '3.0.0', info: { title: 't', version: '1' }, paths };
}

describe('documentationGaps', () => {
  it('finds nothing in a complete document', () => {
    const complete = document({
      '/api/things': {
        get: documented,
        post: { ...documented, requestBody: { required: true, ...json({ type: 'object' }) } },
      },
      '/api/auth/logout': { post: documented },
    });
    expect(documentationGaps(complete)).toEqual([]);
    expect(documentationCounts(complete)).toEqual({
      operations: 3,
      withSuccessSchema: 3,
      writes: 2,
      writesWithRequestBody: 1,
      withErrorBody: 0,
    });
  });

  it('names a new route documented the way Nest does by default: no answer schema, no body, no error body', () => {
    const undocumented = document({
      '/api/new-thing': { post: { responses: { '201': { description: '' } } } },
    });
    expect(documentationGaps(undocumented)).toEqual([
      'POST /api/new-thing: 201 answer has no schema',
      'POST /api/new-thing: write operation without a request body',
      'POST /api/new-thing: error answers without the error body schema',
    ]);
  });

  it('refuses a request body on a write listed as carrying none, and a read without any 2xx answer', () => {
    const wrong = document({
      '/api/auth/logout': { post: { ...documented, requestBody: { required: true, ...json({ type: 'object' }) } } },
      '/api/other': { get: { responses: { ...errors } } },
    });
    expect(documentationGaps(wrong)).toEqual([
      'POST /api/auth/logout: listed as taking no payload but documents a request body',
      'GET /api/other: no 2xx answer',
    ]);
  });
});
