import { DomainError } from '../errors/domain-error';

const SUMMARY = Symbol('validationSummary');

/**
 * `@ValidationSummary('The request is not valid.')` on a DTO: its field errors are answered under
 * this one summary instead of the first field's message (calls whose documented refusal reads so).
 * The fields, the code and the status stay those of every DTO.
 */
export function ValidationSummary(text: string): ClassDecorator {
  return (target) => Reflect.defineMetadata(SUMMARY, text, target);
}

/** The global pipe's refusal of `dto` with the DTO's own summary, when it has one; anything else unchanged. */
export function withValidationSummary(err: unknown, dto: unknown): unknown {
  const text = typeof dto === 'function' ? (Reflect.getMetadata(SUMMARY, dto) as string | undefined) : undefined;
  if (text === undefined || !(err instanceof DomainError) || err.code !== 'VALIDATION_FAILED') return err;
  return new DomainError(err.kind, err.code, text, err.fieldErrors);
}
