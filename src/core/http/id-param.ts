import { Param, PipeTransform } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';
import { DomainError } from '../errors/domain-error';
import { idFromPath, MAX_ID } from '../validation/int4';

/**
 * A path id (`/invoice/{id}`): canonical digits within PostgreSQL's integer. Anything else names no
 * record, so it answers the route's own 404 (the same answer as another house's id or a deleted
 * one): every route, one rule. Runs after the AccessGuard, so tenancy and flags are checked first.
 */
export class ParseIdPipe implements PipeTransform<unknown, number> {
  constructor(private readonly notFound: () => Error = () => DomainError.notFound()) {}

  transform(raw: unknown): number {
    const id = idFromPath(raw);
    if (id === null) throw this.notFound();
    return id;
  }
}

/**
 * `@IdParam()` / `@IdParam('catalogId', () => ResultsError.catalogNotFound())`: the path id as a number.
 *
 * The global ValidationPipe (transform) would turn the text into a number before this pipe sees it
 * (`'1e3'` → 1000, `' 7'` → 7), so the parameter is declared to Nest as text and the pipe alone reads
 * it; the OpenAPI document still describes it as an integer.
 */
export function IdParam(name = 'id', notFound?: () => Error): ParameterDecorator {
  return (target, key, index) => {
    if (key !== undefined) {
      const types = (Reflect.getMetadata('design:paramtypes', target, key) as unknown[] | undefined) ?? [];
      const raw = [...types];
      raw[index] = String;
      Reflect.defineMetadata('design:paramtypes', raw, target, key);
      const descriptor = Object.getOwnPropertyDescriptor(target, key);
      if (descriptor)
        ApiParam({ name, schema: { type: 'integer', minimum: 1, maximum: MAX_ID }, description: 'Id; anything else answers 404' })(
          target,
          key,
          descriptor,
        );
    }
    Param(name, new ParseIdPipe(notFound))(target, key, index);
  };
}
