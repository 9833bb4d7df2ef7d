import type { INestApplication, Type } from '@nestjs/common';
import { METHOD_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import type { OpenAPIObject, OperationObject, ParameterObject, SchemaObject } from '@nestjs/swagger';
import { CONTRACT_SCHEMAS, type ContractSchemaName } from './contract-schemas.generated';

/** The query DTO class of each handler that reads its whole query as one (`@Query() query: RoomsQueryDto`). */
function queryDtosByOperationId(app: INestApplication): Map<string, Type> {
  const found = new Map<string, Type>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type | null;
      if (!controller) continue;
      const prototype = controller.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[name];
        if (typeof handler !== 'function' || Reflect.getMetadata(METHOD_METADATA, handler) === undefined) continue;
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<
          string,
          { index: number; data?: unknown }
        >;
        const types = (Reflect.getMetadata('design:paramtypes', prototype, name) ?? []) as Type[];
        for (const [key, arg] of Object.entries(args)) {
          if (Number(key.split(':')[0]) !== RouteParamtypes.QUERY || arg.data !== undefined) continue;
          const dto = types[arg.index];
          if (dto && dto !== Object) found.set(`${controller.name}_${name}`, dto);
        }
      }
    }
  }
  return found;
}

/**
 * Nest documents `@Query('name')` parameters but not the fields of a whole-query DTO (they carry no @ApiProperty):
 * each field of the DTO's contract schema becomes a query parameter, required when the contract says so.
 */
export function addQueryParameters(app: INestApplication, document: OpenAPIObject): void {
  const dtos = queryDtosByOperationId(app);
  for (const pathItem of Object.values(document.paths)) {
    for (const operation of [pathItem.get, pathItem.post, pathItem.put, pathItem.delete, pathItem.patch]) {
      const dto = operation?.operationId ? dtos.get(operation.operationId) : undefined;
      const schema = dto ? (CONTRACT_SCHEMAS[dto.name as ContractSchemaName] as SchemaObject | undefined) : undefined;
      if (!operation || !schema?.properties) continue;
      addParameters(operation, schema);
    }
  }
}

function addParameters(operation: OperationObject, schema: SchemaObject): void {
  const parameters = (operation.parameters ?? []) as ParameterObject[];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (parameters.some((parameter) => parameter.in === 'query' && parameter.name === name)) continue;
    const { description, ...propertySchema } = property as SchemaObject;
    parameters.push({
      name,
      in: 'query',
      required: schema.required?.includes(name) ?? false,
      ...(description ? { description } : {}),
      schema: propertySchema,
    });
  }
  operation.parameters = parameters;
}
