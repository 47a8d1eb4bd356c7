import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { Allow, IsArray, IsBoolean, IsInt, IsOptional, IsString, Max, Min, ValidateNested } from 'class-validator';
import { MAX_ID } from '../../../../core/validation/int4';
import { FeeSettingInput, GroupSettingsInput, MessageInput, TaxSettingInput } from '../template-rules';

/*
 * The documented save payload (spec 000 §7). Only types are checked here (text is text, a box is a
 * boolean; rates, ids and sequences may be numbers or text): the rules and the spec's messages live
 * in template-rules.ts, so the documented call and /api/invoice-templates answer the same messages
 * under the same keys. Fields the GET answers
 * are accepted back (a client may post what it loaded); those marked "ignored" change nothing.
 */

const RATE = {
  type: String,
  example: '6.125',
  description: 'Percent (text or number), at least 0, at most 100, at most three decimals; stored exactly',
};

export class TaxSettingDto implements TaxSettingInput {
  @ApiPropertyOptional({ maxLength: 50, example: 'Sales Tax' }) @IsOptional() @IsString() taxType?: string | null;
  @ApiPropertyOptional(RATE) @Allow() taxRate?: string | number | null;
  @ApiPropertyOptional({ description: 'Used when taxRate is absent' }) @IsOptional() @IsString() formattedTaxRate?: string | null;
  @ApiPropertyOptional({ example: 'US', description: 'Country code, ALL or EU (UK and GB both name the United Kingdom)' })
  @IsOptional()
  @IsString()
  taxCountryID?: string | null;
  @ApiPropertyOptional({ description: 'Same as taxCountryID, used when it is absent' }) @IsOptional() @IsString() taxCountry?:
    string | null;
  @ApiPropertyOptional({ example: 'NY', description: 'State code or ALL; required for US and CA' }) @IsOptional() @IsString() taxStateID?:
    string | null;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() taxHammer?: boolean | null;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() taxLiveFee?: boolean | null;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() taxPremium?: boolean | null;
}

export class FeeSettingDto implements FeeSettingInput {
  @ApiPropertyOptional({ maxLength: 50, example: 'Handling' }) @IsOptional() @IsString() feeType?: string | null;
  @ApiPropertyOptional(RATE) @Allow() feeRate?: string | number | null;
  @ApiPropertyOptional({ description: 'Used when feeRate is absent' }) @IsOptional() @IsString() formattedFeeRate?: string | null;
  @ApiPropertyOptional({ example: 'ALL' }) @IsOptional() @IsString() feeCountryID?: string | null;
  @ApiPropertyOptional({ example: 'ALL' }) @IsOptional() @IsString() feeStateID?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() feeHammer?: boolean | null;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() feeLiveFee?: boolean | null;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() feePremium?: boolean | null;
}

export class MessageDto implements MessageInput {
  @ApiPropertyOptional({ description: 'A message without a header is dropped at save' }) @IsOptional() @IsString() header?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsString() detail?: string | null;
  @ApiPropertyOptional({ minimum: 1, description: 'Unique in the template' }) @Allow() sequence?: number | string | null;
  @ApiPropertyOptional({ description: 'Ignored: set by the server for the two default headers' }) @Allow() isDefault?: boolean | null;
}

export class GroupSettingsDto implements GroupSettingsInput {
  @ApiPropertyOptional({ description: 'The template to edit; absent or 0 creates one' }) @Allow() groupSettingsID?: number | string | null;
  @ApiPropertyOptional({ description: '0 for a new template; otherwise the template id again (used when groupSettingsID is absent)' })
  @Allow()
  invoiceGroupID?: number | string | null;
  @ApiPropertyOptional({ maxLength: 50 }) @IsOptional() @IsString() groupName?: string | null;
  @ApiPropertyOptional({ maxLength: 72 }) @IsOptional() @IsString() subject?: string | null;
  @ApiPropertyOptional({ maxLength: 150 }) @IsOptional() @IsString() fromName?: string | null;
  @ApiPropertyOptional({ maxLength: 150 }) @IsOptional() @IsString() fromEmail?: string | null;
  @ApiPropertyOptional({ maxLength: 150 }) @IsOptional() @IsString() bccEmail?: string | null;
  @ApiPropertyOptional({ description: 'One of the house locations; null for none' }) @Allow() houseAddressID?: number | string | null;
  @ApiPropertyOptional({ description: 'Exclusive with additionalChargesPerLot; fixed after creation' })
  @IsOptional()
  @IsBoolean()
  additionalChargesPerInvoice?: boolean | null;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() additionalChargesPerLot?: boolean | null;

  @ApiPropertyOptional({ type: [TaxSettingDto], description: 'Absent on an edit: the taxes stay as they are' })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => TaxSettingDto)
  taxSettings?: TaxSettingDto[] | null;

  @ApiPropertyOptional({ type: [FeeSettingDto], description: 'Absent on an edit: the fees stay as they are' })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => FeeSettingDto)
  feeSettings?: FeeSettingDto[] | null;

  @ApiPropertyOptional({ type: [MessageDto], description: 'Absent: the default messages (new) or the current ones (edit)' })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => MessageDto)
  messages?: MessageDto[] | null;

  @ApiPropertyOptional() @IsOptional() @IsBoolean() payPal?: boolean | null;
  @ApiPropertyOptional({ maxLength: 150 }) @IsOptional() @IsString() payPalEmail?: string | null;

  @ApiPropertyOptional({ description: 'The version the client loaded: a save over a newer one is refused (409)' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  version?: number;

  @ApiPropertyOptional({ description: 'false retires the template (a retired card-processor template is read-only)' })
  @IsOptional()
  @IsBoolean()
  active?: boolean;

  @ApiPropertyOptional({ description: 'Ignored (set from the house at creation)' }) @Allow() payrixTemplate?: boolean | null;
  @ApiPropertyOptional({ description: 'Ignored (answered by the server)' }) @Allow() taxSettingsLocked?: boolean | null;
}

/** A react-admin record sent back: the same fields plus `id` (ignored: the path names the template). */
export class InvoiceTemplateRecordDto extends GroupSettingsDto {
  @ApiPropertyOptional({ description: 'Ignored (the path names the template)' }) @Allow() id?: number | string | null;
}
