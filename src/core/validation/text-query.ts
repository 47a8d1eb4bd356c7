import { getMetadataStorage } from 'class-validator';
import { TransformationType } from 'class-transformer';
import type { MetadataStorage } from 'class-transformer/types/MetadataStorage';

// The storage class-transformer's decorators write to (the package exports it under no typed path).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { defaultMetadataStorage } = require('class-transformer/cjs/storage') as { defaultMetadataStorage: MetadataStorage };

type Ctor = new () => object;

/** The rules a field of a text-only query may carry: nothing else makes the quick path exact. */
const TEXT_RULES = new Set(['isOptional', 'isString']);

const fieldsOf = new WeakMap<Ctor, ReadonlySet<string> | null>();

/**
 * The fields of a DTO whose every field is exactly `@IsOptional() @IsString()` (the lists'
 * `RaListQueryDto`) with no class-transformer metadata; null for any other class. Read once per
 * class: decorators have all run by the time a request reaches the pipe.
 */
export function textOnlyFields(metatype: Ctor): ReadonlySet<string> | null {
  let fields = fieldsOf.get(metatype);
  if (fields !== undefined) return fields;
  fields = null;
  const rules = getMetadataStorage().getTargetValidationMetadatas(metatype, '', false, false);
  const byField = new Map<string, Set<string>>();
  let plain = rules.length > 0;
  for (const r of rules) {
    const simple = r.name !== undefined && TEXT_RULES.has(r.name) && !r.each && !r.always && !r.groups?.length;
    if (!simple) plain = false;
    if (!byField.has(r.propertyName)) byField.set(r.propertyName, new Set());
    byField.get(r.propertyName)!.add(r.name ?? '');
  }
  const transformed =
    defaultMetadataStorage.getExposedMetadatas(metatype).length > 0 ||
    defaultMetadataStorage.getExcludedMetadatas(metatype).length > 0 ||
    [...byField.keys()].some(
      (f) =>
        defaultMetadataStorage.findTypeMetadata(metatype, f) !== undefined ||
        defaultMetadataStorage.findTransformMetadatas(metatype, f, TransformationType.PLAIN_TO_CLASS).length > 0,
    );
  if (plain && !transformed && [...byField.values()].every((names) => names.size === TEXT_RULES.size)) fields = new Set(byField.keys());
  fieldsOf.set(metatype, fields);
  return fields;
}

/**
 * A query for a text-only DTO that would pass the global pipe unchanged (a plain object whose keys
 * are all its fields and whose values are all strings), as the instance the pipe would build;
 * undefined for anything else, which then takes the full pipe and its exact refusals. About 3% of
 * a short list call was class-transformer and class-validator proving this of three strings.
 */
export function acceptTextQuery(metatype: unknown, value: unknown): object | undefined {
  if (typeof metatype !== 'function' || value === null || typeof value !== 'object') return undefined;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return undefined;
  const fields = textOnlyFields(metatype as Ctor);
  if (!fields) return undefined;
  const source = value as Record<string, unknown>;
  const keys = Object.keys(source);
  for (const k of keys) if (!fields.has(k) || typeof source[k] !== 'string') return undefined;
  const dto = new (metatype as Ctor)() as Record<string, unknown>;
  for (const k of keys) dto[k] = source[k];
  return dto;
}
