import { Param, PipeTransform } from '@nestjs/common';
import { DomainError } from '../errors/domain-error';
import { idFromPath } from '../validation/int4';

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

/** `@IdParam()` / `@IdParam('catalogId', () => ResultsError.catalogNotFound())`: the path id as a number. */
export const IdParam = (name = 'id', notFound?: () => Error): ParameterDecorator => Param(name, new ParseIdPipe(notFound));
