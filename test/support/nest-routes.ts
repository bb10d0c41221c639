import type { INestApplication } from '@nestjs/common';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';

/** A route as the app's controllers declare it, in OpenAPI's spelling (`/documents/{id}`, lower-case method). */
export interface DeclaredRoute {
  method: string;
  path: string;
  handler: string;
  pathParams: string[];
  /** The handler reads a request body: `@Body()` or uploaded files. */
  takesBody: boolean;
}

const BODY_PARAMS = new Set<number>([RouteParamtypes.BODY, RouteParamtypes.FILE, RouteParamtypes.FILES]);

/** Every route of every controller in the app's module graph, read from the metadata Nest builds its router from. */
export function declaredRoutes(app: INestApplication): DeclaredRoute[] {
  const routes: DeclaredRoute[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!controller) continue;
      const prefixes = asArray(Reflect.getMetadata(PATH_METADATA, controller) as string | string[] | undefined);
      const prototype = controller.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined) continue;
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<string, unknown>;
        const takesBody = Object.keys(args).some((key) => BODY_PARAMS.has(Number(key.split(':')[0])));
        for (const prefix of prefixes) {
          for (const own of asArray(Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined)) {
            const joined = `/${[prefix, own]
              .flatMap((part) => part.split('/'))
              .filter(Boolean)
              .join('/')}`;
            routes.push({
              method: RequestMethod[method].toLowerCase(),
              path: joined.replace(/:(\w+)/g, '{$1}'),
              handler: `${controller.name}.${name}`,
              pathParams: [...joined.matchAll(/:(\w+)/g)].map((m) => m[1]),
              takesBody,
            });
          }
        }
      }
    }
  }
  return routes;
}

/** The routes the Express app actually answers, as `METHOD /path` with Express's `:param` spelling. */
export function expressRoutes(app: INestApplication): string[] {
  const express = app.getHttpAdapter().getInstance() as {
    router: { stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }> };
  };
  return express.router.stack.flatMap((layer) =>
    layer.route ? Object.keys(layer.route.methods).map((method) => `${method.toUpperCase()} ${layer.route!.path}`) : [],
  );
}

function asArray(value: string | string[] | undefined): string[] {
  if (value === undefined) return ['/'];
  return Array.isArray(value) ? value : [value];
}
