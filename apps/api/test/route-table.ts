import { RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { getMetadataStorage } from 'class-validator';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A field of a request's query or body, with the DTO class that declares it (none for `@Query('name')`). */
interface RouteField {
  name: string;
  dto?: Type;
}

/** One route of the running application as Nest registered it, with what it reads from the request. */
export interface RouteUnderTest {
  method: HttpMethod;
  /** Fastify's pattern, e.g. `/api/rooms/:id/rounds/:round`. */
  path: string;
  pathParams: string[];
  queryFields: RouteField[];
  bodyFields: RouteField[];
  /** True when the handler reads a body at all (`@Body()`). */
  readsBody: boolean;
}

const METHOD_NAMES: Partial<Record<RequestMethod, HttpMethod>> = {
  [RequestMethod.GET]: 'GET',
  [RequestMethod.POST]: 'POST',
  [RequestMethod.PUT]: 'PUT',
  [RequestMethod.PATCH]: 'PATCH',
  [RequestMethod.DELETE]: 'DELETE',
};

/** The properties class-validator knows on a DTO class (its own and inherited ones). */
function dtoProperties(dto: Type): string[] {
  const metadatas = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
  return [...new Set(metadatas.map((metadata) => metadata.propertyName))];
}

function joinPath(...parts: string[]): string {
  const path = `/${parts.join('/')}`.replace(/\/+/g, '/');
  return path.length > 1 ? path.replace(/\/$/, '') : path;
}

function methodNames(prototype: object): string[] {
  const names = new Set<string>();
  for (let current = prototype; current && current !== Object.prototype; current = Object.getPrototypeOf(current)) {
    for (const name of Object.getOwnPropertyNames(current)) if (name !== 'constructor') names.add(name);
  }
  return [...names];
}

/**
 * Every HTTP route of every controller of the application, read from Nest's own routing metadata (the same the
 * router is built from), so a route added to any controller shows up here without a test change.
 */
export function routeTable(app: NestFastifyApplication, globalPrefix = 'api'): RouteUnderTest[] {
  const routes: RouteUnderTest[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type | null;
      if (!controller) continue;
      const controllerPaths = [Reflect.getMetadata(PATH_METADATA, controller) as string | string[]].flat();
      for (const name of methodNames(controller.prototype as object)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (typeof handler !== 'function') continue;
        const routePaths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        const method = METHOD_NAMES[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        if (routePaths === undefined || !method) continue;
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<
          string,
          { index: number; data?: unknown }
        >;
        const types = (Reflect.getMetadata('design:paramtypes', controller.prototype as object, name) ?? []) as Type[];
        const queryFields: RouteField[] = [];
        const bodyFields: RouteField[] = [];
        let readsBody = false;
        for (const [key, arg] of Object.entries(args)) {
          const kind = Number(key.split(':')[0]);
          if (kind !== RouteParamtypes.QUERY && kind !== RouteParamtypes.BODY) continue;
          const into = kind === RouteParamtypes.QUERY ? queryFields : bodyFields;
          if (kind === RouteParamtypes.BODY) readsBody = true;
          if (typeof arg.data === 'string') {
            into.push({ name: arg.data });
          } else {
            const dto = types[arg.index];
            if (dto && dto !== Object) into.push(...dtoProperties(dto).map((field) => ({ name: field, dto })));
          }
        }
        for (const controllerPath of controllerPaths) {
          for (const routePath of [routePaths].flat()) {
            const path = joinPath(globalPrefix, controllerPath ?? '', routePath);
            const pathParams = [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]);
            routes.push({ method, path, pathParams, queryFields, bodyFields, readsBody });
          }
        }
      }
    }
  }
  return routes.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}
