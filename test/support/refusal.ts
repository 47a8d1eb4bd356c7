/** Refusals in the rules' unit specs (not used by the application). */
import { DomainError } from '../../src/core/errors/domain-error';

/** The DomainError a call refuses with; any other error propagates, and no error fails the test. */
export function refusal(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

/** The field messages of a refusal, or `{ message }` when it names no field. */
export function errorsOf(fn: () => unknown): Record<string, string> {
  const e = refusal(fn);
  return e.fieldErrors ?? { message: e.message };
}
