import { ValidationError } from 'class-validator';
import { DomainError } from './domain-error';

/** The class-validator `context` key of a check that answers with its own code (`answersAs`). */
const ANSWER_CODE = 'answerCode';

/**
 * `@IsInt({ message, ...answersAs('BAD_QUERY') })`: a failed check of a documented query parameter
 * answers `400 { code, message }` alone, as the call documents it, instead of the field map
 * (`VALIDATION_FAILED`). When several checks fail, the first such check of the DTO answers.
 */
export function answersAs(code: string): { context: Record<string, string> } {
  return { context: { [ANSWER_CODE]: code } };
}

/** The first failed check declared with `answersAs`, depth first, in the DTO's order. */
function codedAnswer(errors: ValidationError[]): DomainError | null {
  for (const e of errors) {
    for (const [name, message] of Object.entries(e.constraints ?? {})) {
      const code = (e.contexts?.[name] as Record<string, unknown> | undefined)?.[ANSWER_CODE];
      if (typeof code === 'string') return new DomainError('bad_request', code, message);
    }
    const nested = codedAnswer(e.children ?? []);
    if (nested) return nested;
  }
  return null;
}

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
  return codedAnswer(errors) ?? fieldValidationError(flattenValidationErrors(errors));
}

/** The answer for `{ field: message }`: UNKNOWN_FIELDS when every field is one the call does not take. */
export function fieldValidationError(fields: Record<string, string>): DomainError {
  const unknown = Object.entries(fields).filter(([, m]) => m.endsWith('should not exist'));
  if (unknown.length && unknown.length === Object.keys(fields).length) {
    return new DomainError('bad_request', 'UNKNOWN_FIELDS', `Unknown field(s): ${unknown.map(([k]) => k).join(', ')}.`, fields);
  }
  return new DomainError('validation', 'VALIDATION_FAILED', Object.values(fields)[0] ?? 'Invalid request.', fields);
}
