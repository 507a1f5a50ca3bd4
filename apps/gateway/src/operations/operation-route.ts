import { RequestMethod, type Type } from '@nestjs/common';
import {
  EXCEPTION_FILTERS_METADATA,
  GUARDS_METADATA,
  HEADERS_METADATA,
  HTTP_CODE_METADATA,
  INTERCEPTORS_METADATA,
  METHOD_METADATA,
  PARAMTYPES_METADATA,
  PATH_METADATA,
  PIPES_METADATA,
  REDIRECT_METADATA,
  ROUTE_ARGS_METADATA,
  SSE_METADATA,
  VERSION_METADATA,
} from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { RATE_LIMIT_BUCKET } from '../entitlements';

/**
 * A protected operation as its controller declares it, read from the metadata Nest registers the
 * route from: one declaration for Nest's route, the price lane and the streams of the same path.
 */
export interface OperationRoute {
  /** The route's path, as Nest registers it (controller path + method path). */
  readonly path: string;
  /** The DTO of its `@Query()` parameter, which the query validation pipe checks. */
  readonly query: new () => object;
  /** Its `@RateLimited` bucket. */
  readonly bucket: string;
  /** Its `@Header` headers, which Nest sets once the guards passed. */
  readonly headers: readonly { readonly name: string; readonly value: string }[];
}

/**
 * What Nest would run for a route that the lane's pipeline does not: enhancers of the route's own
 * (its class's or its method's) and other answer shapes. The global ones the lane reproduces.
 */
const SKIPPED_BY_THE_LANE: readonly (readonly [string, string])[] = [
  [GUARDS_METADATA, 'a guard'],
  [INTERCEPTORS_METADATA, 'an interceptor'],
  [PIPES_METADATA, 'a pipe'],
  [EXCEPTION_FILTERS_METADATA, 'an exception filter'],
  [HTTP_CODE_METADATA, 'an @HttpCode'],
  [REDIRECT_METADATA, 'a @Redirect'],
  [SSE_METADATA, 'an @Sse'],
  [VERSION_METADATA, 'a @Version'],
];

interface RouteArgument {
  readonly index: number;
  readonly pipes?: readonly unknown[];
}

function present(value: unknown): boolean {
  return Array.isArray(value) ? value.length > 0 : value !== undefined;
}

/** The first thing the lane would skip on the route, if any. */
export function laneSkipOf(controller: Type, method: string): string | undefined {
  const handler: unknown = Reflect.get(controller.prototype as object, method);
  if (typeof handler !== 'function') return `no method ${method}`;
  for (const [key, what] of SKIPPED_BY_THE_LANE) {
    if (present(Reflect.getMetadata(key, controller)) || present(Reflect.getMetadata(key, handler))) {
      return what;
    }
  }
  const piped = Object.values(routeArguments(controller, method)).some((argument) => present(argument.pipes));
  return piped ? 'a parameter pipe' : undefined;
}

function routeArguments(controller: Type, method: string): Record<string, RouteArgument> {
  return (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<
    string,
    RouteArgument
  >;
}

function joined(...parts: unknown[]): string {
  const segments = parts.flatMap((part) => (typeof part === 'string' ? part.split('/') : []));
  return `/${segments.filter(Boolean).join('/')}`;
}

/**
 * The declaration of a GET operation that the price lane may serve: throws if the route declares
 * anything the lane would skip, or lacks what it needs (a query DTO, a bucket).
 */
export function operationRoute(controller: Type, method: string): OperationRoute {
  const name = `${controller.name}.${method}`;
  const skipped = laneSkipOf(controller, method);
  if (skipped !== undefined) throw new Error(`${name} has ${skipped}, which the price lane would skip`);
  const handler = Reflect.get(controller.prototype as object, method) as object;
  if (Reflect.getMetadata(METHOD_METADATA, handler) !== RequestMethod.GET)
    throw new Error(`${name} is not a GET`);
  const queryArgument = routeArguments(controller, method)[`${RouteParamtypes.QUERY}:0`];
  const types = Reflect.getMetadata(PARAMTYPES_METADATA, controller.prototype as object, method) as unknown[];
  const query = queryArgument === undefined ? undefined : types[queryArgument.index];
  const bucket = Reflect.getMetadata(RATE_LIMIT_BUCKET, handler) as unknown;
  if (typeof query !== 'function') throw new Error(`${name} has no @Query() DTO as its first parameter`);
  if (typeof bucket !== 'string') throw new Error(`${name} has no rate-limit bucket`);
  return {
    path: joined(Reflect.getMetadata(PATH_METADATA, controller), Reflect.getMetadata(PATH_METADATA, handler)),
    query: query as new () => object,
    bucket,
    headers: (Reflect.getMetadata(HEADERS_METADATA, handler) ?? []) as OperationRoute['headers'],
  };
}
