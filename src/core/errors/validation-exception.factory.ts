import { ValidationError } from 'class-validator';
import { DomainError } from './domain-error';

/** Flattens class-validator errors into `{ "field.path": "first message" }`. */
export function flattenValidationErrors(errors: ValidationError[], parent = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) {
    const key = parent ? `${parent}.${e.property}` : e.property;
    const first = e.constraints ? Object.values(e.constraints)[0] : undefined;
    if (first) out[key] = first;
    if (e.children?.length) Object.assign(out, flattenValidationErrors(e.children, key));
  }
  return out;
}

export function validationExceptionFactory(errors: ValidationError[]): DomainError {
  return fieldValidationError(flattenValidationErrors(errors));
}

/** The answer for `{ field: message }`: UNKNOWN_FIELDS when every field is one the call does not take. */
export function fieldValidationError(fields: Record<string, string>): DomainError {
  const unknown = Object.entries(fields).filter(([, m]) => m.endsWith('should not exist'));
  if (unknown.length && unknown.length === Object.keys(fields).length) {
    return new DomainError('bad_request', 'UNKNOWN_FIELDS', `Unknown field(s): ${unknown.map(([k]) => k).join(', ')}.`, fields);
  }
  return new DomainError('validation', 'VALIDATION_FAILED', Object.values(fields)[0] ?? 'Invalid request.', fields);
}
