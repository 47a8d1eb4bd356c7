import { Body, Type } from '@nestjs/common';

const ARRAY_BODY = Symbol('arrayBody');

export interface ArrayBodyOptions {
  /** The DTO's one field that holds the list: its checks answer the bare array, keyed by this name. */
  field: string;
  /** The call's own answer for the field map (default: the global pipe's `VALIDATION_FAILED`). */
  invalid?: (fields: Record<string, string>) => Error;
}

/**
 * `@ArrayBody(IdsDto, { field: 'invoiceIDs' })`: a legacy body that is a bare JSON array (`[101, 102]`).
 * The global pipe checks it as `{ [field]: body }` against the DTO, so the list's rules are declared
 * class-validator checks (route metadata, no hand parsing) and the handler receives the DTO. Set on
 * the DTO class, so the class answers one way wherever it is a body. Describe the bare array to
 * OpenAPI with `@ApiBody` on the handler.
 */
export function ArrayBody(dto: Type<object>, opts: ArrayBodyOptions): ParameterDecorator {
  Reflect.defineMetadata(ARRAY_BODY, opts, dto);
  return Body();
}

/** The `@ArrayBody` options of a DTO class, if it is one. */
export function arrayBodyOf(metatype: unknown): ArrayBodyOptions | undefined {
  return typeof metatype === 'function' ? (Reflect.getMetadata(ARRAY_BODY, metatype) as ArrayBodyOptions | undefined) : undefined;
}
