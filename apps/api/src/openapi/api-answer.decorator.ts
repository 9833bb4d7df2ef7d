import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import type { ContractSchemaName } from './contract-schemas.generated';

export const schemaRef = (name: ContractSchemaName) => ({ $ref: `#/components/schemas/${name}` });

/**
 * Documents a route's success answer as one of the shared contracts' shapes (libs/contracts, turned into JSON Schema
 * by tools/openapi/contract-schemas.mjs). `status` is the one the route really answers with: 201 for a POST unless it
 * says `@HttpCode(200)`; `list` when the body is an array of
 * that shape, `nullable` when it may be a bare `null` (every such
 * answer is an object or null).
 */
export function ApiAnswer(
  name: ContractSchemaName,
  options: { status?: number; list?: boolean; nullable?: boolean; description?: string } = {},
): MethodDecorator {
  const schema = options.list
    ? { type: 'array' as const, items: schemaRef(name) }
    : options.nullable
      ? { anyOf: [schemaRef(name), { type: 'object' as const, nullable: true, enum: [null] }] }
      : schemaRef(name);
  return applyDecorators(
    ApiResponse({ status: options.status ?? 200, description: options.description ?? name, schema }),
  );
}
