import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { Allow, IsArray, IsBoolean, IsIn, IsInt, IsObject, IsOptional, IsString, ValidateNested } from 'class-validator';
import { answersAs } from '../../../../core/errors/validation-exception.factory';
import { SessionContactsDto } from '../../session-wizard/dto/session-wizard.dto';

/** `POST .../bin/group/{groupID}/payments`: the accepted payment-method ids (bare array). */
export class PaymentMethodIdsDto {
  @IsArray() @IsInt({ each: true }) paymentMethods!: number[];
}

/** `POST .../bin/group/{groupID}/shipTo?include=false`: excluded country codes (bare array). */
export class ShipToCodesDto {
  @IsArray() @IsString({ each: true }) countries!: string[];
}

export class BinTermDto {
  @ApiPropertyOptional() @Allow() id?: number;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() active?: boolean;
  @ApiPropertyOptional({ maxLength: 150 }) @IsOptional() @IsString() termTitle?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsString() termText?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() isOpen?: boolean;
}

/** `POST .../bin/group/{groupID}/terms`: the six terms in order (bare array). */
export class BinTermsDto {
  @IsArray() @ValidateNested({ each: true }) @Type(() => BinTermDto) terms!: BinTermDto[];
}

export class BinTaxSettingDto {
  @ApiPropertyOptional({ maxLength: 150 }) @IsOptional() @IsString() taxType?: string | null;
  @ApiPropertyOptional({ example: '8.875' }) @Allow() taxRate?: string | number | null;
  @ApiPropertyOptional({ example: 'US', description: 'ALL: all countries' }) @IsOptional() @IsString() taxCountryID?: string | null;
  @ApiPropertyOptional({ example: 'NY', description: 'ALL: all states' }) @IsOptional() @IsString() taxStateID?: string | null;
}

/** `POST .../bin/group/{groupID}/invoiceSettings`: invoice email settings and the tax list. */
export class BinInvoiceSettingsDto {
  @ApiPropertyOptional({ maxLength: 150 }) @IsOptional() @IsString() subject?: string | null;
  @ApiPropertyOptional({ maxLength: 150, description: 'Reply To Name' }) @IsOptional() @IsString() fromName?: string | null;
  @ApiPropertyOptional({ maxLength: 150, description: 'Reply To Email' }) @IsOptional() @IsString() fromEmail?: string | null;
  @ApiPropertyOptional({ maxLength: 150 }) @IsOptional() @IsString() bccEmail?: string | null;
  @ApiPropertyOptional({ type: [BinTaxSettingDto] })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => BinTaxSettingDto)
  taxSettings?: BinTaxSettingDto[] | null;
}

/** `POST /cps/app/catalog/{catalogID}/contacts/independent {contacts}`. */
export class IndependentContactsDto {
  @IsObject() @ValidateNested() @Type(() => SessionContactsDto) contacts!: SessionContactsDto;
}

/** `POST .../shipTo?include=false`: the list sent is always the excluded countries (an include list is not supported). */
export class ShipToQueryDto {
  @ApiProperty({ enum: ['false'], description: 'The list sent is the excluded countries' })
  @IsIn(['false'], { message: 'Query parameter include must be false.', ...answersAs('BAD_QUERY') })
  include!: 'false';
}
