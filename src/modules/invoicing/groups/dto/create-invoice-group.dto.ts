import { ApiProperty } from '@nestjs/swagger';
import { ArrayMinSize, IsArray, IsString, Matches, ValidateBy } from 'class-validator';
import { IsId } from '../../../../core/validation/is-id';
import { GROUP_TEXT } from '../invoice-group-texts';

/**
 * `POST invoiceGroup` (spec 000 §7): `{ catalogRefs, groupTitle, invoiceSettingsID }`, with the
 * spec's message for each field. invoice-group-rules.ts still applies the rules that need more
 * than a type (blank names, 200 sessions, refs of at most 32 characters). The field order is the
 * order of the messages (the first is the error's message).
 */
export class CreateInvoiceGroupDto {
  @ApiProperty({ oneOf: [{ type: 'integer' }, { type: 'string' }], description: 'The invoice template (invoice setting) id' })
  @IsId({ message: GROUP_TEXT.templateRequired })
  invoiceSettingsID!: number | string;

  @ApiProperty({ description: "The group's name; over 50 characters it is cut to 50 with '...' appended" })
  @IsString({ message: GROUP_TEXT.nameRequired })
  @Matches(/[^\s\u0000-\u001f\u007f]/, { message: GROUP_TEXT.nameRequired })
  groupTitle?: string;

  @ApiProperty({ type: [String], description: 'catalogRef of every session of the group (at least one, at most 200)' })
  @IsArray({ message: GROUP_TEXT.sessionsRequired })
  @ArrayMinSize(1, { message: GROUP_TEXT.sessionsRequired })
  @ValidateBy(
    // Checked only once the value is a list, so a missing list answers sessionsRequired alone.
    { name: 'catalogRefsAreText', validator: { validate: (v: unknown) => !Array.isArray(v) || v.every((r) => typeof r === 'string') } },
    { message: GROUP_TEXT.badSessionRef },
  )
  catalogRefs!: string[];
}
