import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';

/** One `@Body()` / `@Query()` / `@Param()` argument of a handler, as Nest recorded it. */
export interface RouteArg {
  kind: RouteParamtypes;
  /** The name given (`@Query('page')`), or undefined for the whole body / query. */
  data: unknown;
  /** The declared TypeScript type (design:paramtypes): a DTO class, String, Object for `unknown`/`Record`. */
  type: unknown;
}

/** The arguments Nest injects into `controller.prototype[handler]`. */
export function routeArgs(controller: object, handler: string): RouteArg[] {
  const meta = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handler) ?? {}) as Record<string, { index: number; data: unknown }>;
  const types = (Reflect.getMetadata('design:paramtypes', (controller as { prototype: object }).prototype, handler) ?? []) as unknown[];
  return Object.entries(meta).map(([key, v]) => ({
    kind: Number(key.split(':')[0]) as RouteParamtypes,
    data: v.data,
    type: types[v.index],
  }));
}

export const takesBody = (controller: object, handler: string): boolean =>
  routeArgs(controller, handler).some((a) => a.kind === RouteParamtypes.BODY);
