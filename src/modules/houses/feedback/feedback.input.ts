import { ApiProperty } from '@nestjs/swagger';
import { IsArray } from 'class-validator';
import { FEEDBACK_MESSAGE_COUNT, FEEDBACK_TEXT, feedbackErrors } from '@ar/rules';
import { DomainError } from '../../../core/errors/domain-error';

export class DefaultFeedbacksDto {
  @ApiProperty({
    description: `The ${FEEDBACK_MESSAGE_COUNT} messages: [{ feedbackID: 1..${FEEDBACK_MESSAGE_COUNT}, message }], each feedbackID once.`,
  })
  @IsArray({ message: FEEDBACK_TEXT.list })
  defaultFeedbacks!: unknown[];
}

/** The three messages in feedbackID order, trimmed; field errors `message1`..`message3` with the form's texts. */
export function parseDefaultFeedbacks(body: DefaultFeedbacksDto): string[] {
  const list = body.defaultFeedbacks;
  const byId = new Map<number, unknown>();
  for (const item of list) {
    const o = item && typeof item === 'object' && !Array.isArray(item) ? (item as Record<string, unknown>) : null;
    const id = o ? Number(o.feedbackID) : NaN;
    if (!o || !Number.isInteger(id) || id < 1 || id > FEEDBACK_MESSAGE_COUNT || byId.has(id)) byId.set(-1, null);
    else byId.set(id, o.message);
  }
  if (list.length !== FEEDBACK_MESSAGE_COUNT || byId.has(-1)) {
    throw DomainError.validation({ defaultFeedbacks: FEEDBACK_TEXT.list }, FEEDBACK_TEXT.list);
  }
  const messages = Array.from({ length: FEEDBACK_MESSAGE_COUNT }, (_, i) => {
    const m = byId.get(i + 1);
    return typeof m === 'string' ? m.replace(/\s+/g, ' ').trim() : '';
  });
  const errors = feedbackErrors(messages);
  if (Object.keys(errors).length) throw DomainError.validation(errors, Object.values(errors)[0]);
  return messages;
}
