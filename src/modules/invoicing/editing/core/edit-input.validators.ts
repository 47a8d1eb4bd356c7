import { ValidateBy } from 'class-validator';
import { FieldErrors, type Rec } from './edit-input';

/**
 * `@ReadsAs((o, key, e) => idField(o, key, 'Invoice id', e))`: a DTO field checked by the same
 * reader the rules use, so the DTO answers the rules' message word for word (absent fields are the
 * reader's to allow or refuse).
 */
export function ReadsAs(read: (o: Rec, key: string, e: FieldErrors) => unknown): PropertyDecorator {
  const message = (o: object, key: string): string | undefined => {
    const e = new FieldErrors();
    read(o as Rec, key, e);
    return e.errors[key];
  };
  return ValidateBy({
    name: 'readsAs',
    validator: {
      validate: (_v, a) => message(a!.object, a!.property) === undefined,
      defaultMessage: (a) => message(a!.object, a!.property) ?? '',
    },
  });
}

/**
 * The fields a client sent, from a DTO instance: class fields are own properties even when absent
 * (ES2022 class fields, `undefined`), and the legacy readers tell variants apart by the keys present.
 * JSON has no `undefined`, so an undefined field was not sent.
 */
export function sentFields(dto: object): Rec {
  return Object.fromEntries(Object.entries(dto).filter(([, v]) => v !== undefined));
}
