import { ArgumentMetadata, Body, Type, ValidationPipe } from '@nestjs/common';
import { DomainError } from '../errors/domain-error';
import { fieldValidationError, validationExceptionFactory } from '../errors/validation-exception.factory';
import { arrayBodyOf } from './array-body';
import { cacheValidationMetadata } from '../validation/metadata-cache';
import { acceptTextQuery } from '../validation/text-query';
import { withValidationSummary } from './validation-summary';

const ONE_OR_MANY = Symbol('oneOrManyBody');

interface OneOrMany {
  /** Longer lists are passed on unchecked: the call's rules refuse them in their own words. */
  max: number;
}

/**
 * `@OneOrManyBody(FormDto, { max })`: a legacy body that is one form or a list of forms (e.g.
 * `additionalCharges`). Nest is told the parameter is `FormDto` (route metadata, OpenAPI), and the
 * global pipe checks each form of a list against it, keyed `[i].field` as the rules key them. Set
 * on the form class, so the class answers one way wherever it is a body.
 */
export function OneOrManyBody(form: Type<object>, opts: OneOrMany): ParameterDecorator {
  Reflect.defineMetadata(ONE_OR_MANY, opts, form);
  return (target, key, index) => {
    if (key !== undefined) {
      const types = [...((Reflect.getMetadata('design:paramtypes', target, key) as unknown[] | undefined) ?? [])];
      types[index] = form;
      Reflect.defineMetadata('design:paramtypes', types, target, key);
    }
    Body()(target, key, index);
  };
}

/** The global ValidationPipe, which also reads the lists `@OneOrManyBody` allows and the bare arrays of `@ArrayBody`. */
export class AppValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    // A list's query of three strings needs neither transformer nor validator to be proven valid.
    const text = metadata.type === 'query' ? acceptTextQuery(metadata.metatype, value) : undefined;
    if (text) return text;
    const bare = metadata.type === 'body' ? arrayBodyOf(metadata.metatype) : undefined;
    if (bare) {
      try {
        return await super.transform({ [bare.field]: value }, metadata);
      } catch (err) {
        if (bare.invalid && err instanceof DomainError && err.fieldErrors) throw bare.invalid(err.fieldErrors);
        throw err;
      }
    }
    const many =
      metadata.type === 'body' && metadata.metatype
        ? (Reflect.getMetadata(ONE_OR_MANY, metadata.metatype) as OneOrMany | undefined)
        : undefined;
    if (!many || !Array.isArray(value)) {
      return super.transform(value, metadata).catch((err: unknown) => {
        throw withValidationSummary(err, metadata.metatype);
      });
    }
    if (value.length > many.max) return value;
    const forms: unknown[] = [];
    const fields: Record<string, string> = {};
    for (const [i, item] of value.entries()) {
      try {
        forms.push(await super.transform(item, metadata));
      } catch (err) {
        if (!(err instanceof DomainError) || !err.fieldErrors) throw err;
        for (const [k, m] of Object.entries(err.fieldErrors)) fields[`[${i}].${k}`] = m;
      }
    }
    if (Object.keys(fields).length) throw fieldValidationError(fields);
    return forms;
  }
}

/** The application's global pipe, as createApp mounts it (and unit tests of DTOs use it). */
export const appValidationPipe = (): AppValidationPipe => {
  cacheValidationMetadata();
  return new AppValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: validationExceptionFactory,
  });
};
