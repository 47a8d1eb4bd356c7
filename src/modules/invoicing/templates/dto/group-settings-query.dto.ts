import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, ValidateBy } from 'class-validator';
import { TEMPLATE_TEXT } from '@ar/rules';
import { answersAs } from '../../../../core/errors/validation-exception.factory';
import { templateIdOf } from '../template-ids';

/** `GET invoiceGroupSettings?groupSettingsID={id}` (spec 000 §7), and `&_=` as the bin step sends it (spec 001). */
export class GroupSettingsQueryDto {
  @ApiPropertyOptional({
    oneOf: [{ type: 'integer' }, { type: 'string' }],
    description: 'The template; blank, absent or 0 answers the new-template defaults',
  })
  @ValidateBy(
    { name: 'isTemplateIdOrNone', validator: { validate: (v: unknown) => templateIdOf(v) !== undefined } },
    // The documented answer: 400 BAD_QUERY with the message alone.
    { message: TEMPLATE_TEXT.badTemplateId, ...answersAs('BAD_QUERY') },
  )
  groupSettingsID?: string;

  @ApiPropertyOptional({ description: 'Cache buster (any value), ignored' })
  @Allow()
  _?: string;
}
