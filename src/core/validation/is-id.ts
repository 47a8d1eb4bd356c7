import { ValidateBy, ValidationOptions } from 'class-validator';
import { idFromInput } from './int4';

/**
 * A record id in a body: a positive int4, as a JSON number or its digits (legacy forms send text).
 * Give the call's own text as `message`; `{ each: true }` checks every element of a list.
 */
export function IsId(options: ValidationOptions & { message: string }): PropertyDecorator {
  return ValidateBy({ name: 'isId', validator: { validate: (v: unknown) => idFromInput(v) !== null } }, options);
}
