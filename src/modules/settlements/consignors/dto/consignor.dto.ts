import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { PAYOUT_METHODS, type PayoutMethod } from '../consignor.entity';

/** A consignor as `/api/consignors` takes it (create and edit); display fields of the record are accepted and ignored. */
export class ConsignorDto {
  @ApiProperty({ maxLength: 120 }) @IsString({ message: 'Name is required.' }) @MaxLength(120) name!: string;
  @ApiPropertyOptional({ maxLength: 120 }) @IsOptional() @IsString() @MaxLength(120) company?: string | null;
  @ApiPropertyOptional({ maxLength: 100 }) @IsOptional() @IsString() @MaxLength(100) street1?: string | null;
  @ApiPropertyOptional({ maxLength: 100 }) @IsOptional() @IsString() @MaxLength(100) street2?: string | null;
  @ApiPropertyOptional({ maxLength: 60 }) @IsOptional() @IsString() @MaxLength(60) city?: string | null;
  @ApiPropertyOptional({ maxLength: 60 }) @IsOptional() @IsString() @MaxLength(60) state?: string | null;
  @ApiPropertyOptional({ maxLength: 32 }) @IsOptional() @IsString() @MaxLength(32) postalCode?: string | null;
  @ApiPropertyOptional({ maxLength: 2 }) @IsOptional() @IsString() @MaxLength(2) countryCode?: string | null;
  @ApiPropertyOptional({ maxLength: 120 }) @IsOptional() @IsEmail({}, { message: 'Email is not a valid address.' }) @MaxLength(120) email?:
    string | null;
  @ApiPropertyOptional({ maxLength: 40 }) @IsOptional() @IsString() @MaxLength(40) phone?: string | null;
  @ApiPropertyOptional({ maxLength: 40 }) @IsOptional() @IsString() @MaxLength(40) taxId?: string | null;
  @ApiPropertyOptional({ enum: PAYOUT_METHODS })
  @IsOptional()
  @IsIn(PAYOUT_METHODS, { message: `Payout method must be one of ${PAYOUT_METHODS.join(', ')}.` })
  payoutMethod?: PayoutMethod;
  @ApiPropertyOptional({ description: "The consignor's own commission plan (null: the sale's, else the house default)" })
  @IsOptional()
  @IsInt()
  @Min(1)
  commissionPlanId?: number | null;
  @ApiPropertyOptional({ description: 'The version edited; a stale version answers 409' }) @IsOptional() @IsInt() @Min(1) version?: number;
  @ApiPropertyOptional({ description: 'Ignored' }) @Allow() id?: unknown;
  @ApiPropertyOptional({ description: 'Ignored' }) @Allow() createdAt?: unknown;
  @ApiPropertyOptional({ description: 'Ignored' }) @Allow() updatedAt?: unknown;
}

export class ConsignedLotDto {
  @ApiProperty() @IsInt() @Min(1) lotId!: number;
  @ApiPropertyOptional({ description: 'Per-lot commission rate, thousandths of a percent (12 % = 12000)' })
  @IsOptional()
  @IsInt()
  @Min(0)
  commissionRate?: number | null;
  @ApiPropertyOptional({ description: 'Per-lot fixed commission in cents (instead of a rate)' })
  @IsOptional()
  @IsInt()
  @Min(0)
  commissionCents?: number | null;
}

/** `POST /api/consignors/:id/lots`: lots consigned by this consignor, each with an optional commission override. */
export class ConsignLotsDto {
  @ApiProperty({ type: [ConsignedLotDto] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(5000)
  @ValidateNested({ each: true })
  @Type(() => ConsignedLotDto)
  lots!: ConsignedLotDto[];
}
