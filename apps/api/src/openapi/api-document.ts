import type { INestApplication } from '@nestjs/common';
import {
  DocumentBuilder,
  type OpenAPIObject,
  type ReferenceObject,
  type ResponseObject,
  type SchemaObject,
  SwaggerModule,
} from '@nestjs/swagger';
import * as contracts from '@skillduel/contracts';
import { CODE_BY_STATUS } from '../common/all-exceptions.filter';
import { schemaRef } from './api-answer.decorator';
import { CONTRACT_SCHEMAS, type ContractSchemaName } from './contract-schemas.generated';
import { addQueryParameters } from './query-parameters';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/** Every `code` an error body can carry: the per-module codes of the contracts and the generic per-status ones. */
function knownErrorCodes(): string[] {
  const codes = new Set<string>(['VALIDATION_FAILED', 'ERROR', 'INTERNAL', ...Object.values(CODE_BY_STATUS)]);
  for (const [name, value] of Object.entries(contracts)) {
    if (!name.endsWith('_ERROR_CODES') || typeof value !== 'object' || value === null) continue;
    for (const code of Object.values(value)) if (typeof code === 'string') codes.add(code);
  }
  return [...codes].sort();
}

/** The `$ref` targets a schema (or anything inside it) points at. */
function referencedNames(node: unknown, found: Set<string>): void {
  if (Array.isArray(node)) {
    for (const item of node) referencedNames(item, found);
  } else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.add(value.replace('#/components/schemas/', ''));
      else referencedNames(value, found);
    }
  }
}

/**
 * Puts the contracts' schemas the operations use (and those they use in turn) into the components. Nest names a
 * request DTO's placeholder after its class; the contract schema of the same name replaces it with its fields.
 */
function addContractSchemas(document: OpenAPIObject): void {
  const schemas: Record<string, SchemaObject | ReferenceObject> = { ...document.components?.schemas };
  const wanted = new Set<string>();
  referencedNames(document.paths, wanted);
  const pending = [...wanted];
  while (pending.length > 0) {
    const name = pending.pop() as string;
    const schema = CONTRACT_SCHEMAS[name as ContractSchemaName];
    if (!schema) continue;
    schemas[name] = schema;
    const inner = new Set<string>();
    referencedNames(schema, inner);
    for (const next of inner) {
      if (!wanted.has(next)) {
        wanted.add(next);
        pending.push(next);
      }
    }
  }
  document.components = { ...document.components, schemas };
}

/**
 * Every error answer has the same body (all-exceptions.filter.ts): the declared 4xx/5xx answers of each operation get
 * that schema, and the 4XX and 5XX ranges cover the others (401 without a token, 400 for invalid input, 429, 503
 * while the database is away...).
 */
function addErrorBodies(document: OpenAPIObject): void {
  const errorContent = { 'application/json': { schema: schemaRef('ErrorBody') } };
  for (const pathItem of Object.values(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (!operation) continue;
      for (const [status, response] of Object.entries(operation.responses)) {
        if (response && /^[45]/.test(status) && !('$ref' in response) && !response.content) {
          (response as ResponseObject).content = errorContent;
        }
      }
      operation.responses['4XX'] = {
        description: 'Refused: the error body, whose `code` says why (the codes are listed on ErrorBody)',
        content: errorContent,
      };
      operation.responses['5XX'] = {
        description: 'Server or database unavailable: the error body (INTERNAL, DATABASE_UNAVAILABLE)',
        content: errorContent,
      };
    }
  }
}

/** ErrorBody's `code` lists the codes that exist (a copy: the generated schema stays as it is). */
function listErrorCodes(document: OpenAPIObject): void {
  const schemas = document.components?.schemas ?? {};
  const errorBody = schemas['ErrorBody'] as SchemaObject | undefined;
  if (!errorBody?.properties) return;
  const code = errorBody.properties['code'] as SchemaObject;
  const description = `Machine-readable code, one of: ${knownErrorCodes().join(', ')}.`;
  schemas['ErrorBody'] = { ...errorBody, properties: { ...errorBody.properties, code: { ...code, description } } };
}

/** The OpenAPI document of the running application, served at /api/docs (UI) and /api/docs-json. */
export function createApiDocument(app: INestApplication): OpenAPIObject {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('SkillDuel API')
      .setDescription(
        'Head-to-head skill games with real-money bets. Money fields are dollars with at most 2 decimals. ' +
          'Every error answers with the ErrorBody schema.',
      )
      .setVersion('1.0')
      .addBearerAuth()
      .build(),
  );
  addQueryParameters(app, document);
  addErrorBodies(document);
  addContractSchemas(document);
  listErrorCodes(document);
  return document;
}
