import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import { PAYOUT_METHODS, type PayoutMethod } from '../../consignors/consignor.entity';
import type { AdjustmentKind, PayoutKind } from '../settlement.entities';

/** A commission override above a billion is a typo, not a lot. */
const MAX_CENTS = 100_000_000_000;

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** `POST /api/settlements/for-sale`: create (or rebuild the drafts of) every consignor's settlement of a sale. */
export class CreateForSaleDto {
  @ApiProperty({ description: 'The sale (auction group) id' }) @IsInt({ message: 'Sale is required.' }) @Min(1) saleId!: number;
  @ApiPropertyOptional({ description: 'Compute and answer, write nothing' }) @IsOptional() @IsBoolean() dryRun?: boolean;
}

/** `POST /api/settlements/for-sale/jobs`: the same run as a job with progress (the screens use it). */
export class CreateForSaleJobDto {
  @ApiProperty({ description: 'The sale (auction group) id' })
  @IsInt({ message: 'Sale is required.' })
  @Min(1, { message: 'Sale is required.' })
  saleId!: number;
}

/** `POST /api/settlements/for-consignor`: one consignor's settlement over a date range (inclusive). */
export class CreateForConsignorDto {
  @ApiProperty() @IsInt({ message: 'Consignor is required.' }) @Min(1, { message: 'Consignor is required.' }) consignorId!: number;
  @ApiProperty({ description: 'YYYY-MM-DD' }) @Matches(DATE, { message: 'Start date must be YYYY-MM-DD.' }) from!: string;
  @ApiProperty({ description: 'YYYY-MM-DD, on or after from' }) @Matches(DATE, { message: 'End date must be YYYY-MM-DD.' }) to!: string;
  @ApiPropertyOptional({ description: 'Compute and answer, write nothing' }) @IsOptional() @IsBoolean() dryRun?: boolean;
}

export class AdjustmentDto {
  @ApiProperty({ enum: ['expense', 'advance'] })
  @IsIn(['expense', 'advance'], { message: 'Kind must be expense or advance.' })
  kind!: AdjustmentKind;
  @ApiProperty({ description: 'Cents, more than 0' })
  @IsInt({ message: 'Amount must be a whole number of cents.' })
  @Min(1, { message: 'Amount must be more than 0.00.' })
  amountCents!: number;
  @ApiProperty({ maxLength: 250 }) @IsString() @MinLength(1, { message: 'Note is required.' }) @MaxLength(250) note!: string;
}

export class MarkPaidDto {
  @ApiProperty({ enum: PAYOUT_METHODS })
  @IsIn(PAYOUT_METHODS, { message: `Method must be one of ${PAYOUT_METHODS.join(', ')}.` })
  method!: PayoutMethod;
  @ApiPropertyOptional({ maxLength: 60, description: 'Check number or bank transfer reference' })
  @IsOptional()
  @IsString()
  @MaxLength(60)
  reference?: string | null;
  @ApiProperty({ description: 'YYYY-MM-DD' }) @Matches(DATE, { message: 'Date must be YYYY-MM-DD.' }) paidDate!: string;
  @ApiPropertyOptional({ maxLength: 250 }) @IsOptional() @IsString() @MaxLength(250) note?: string | null;
}

export class PayoutDto extends MarkPaidDto {
  @ApiPropertyOptional({ enum: ['payout', 'correction'], description: 'Default payout' })
  @IsOptional()
  @IsIn(['payout', 'correction'], { message: 'Kind must be payout or correction.' })
  kind?: PayoutKind;
  @ApiProperty({ description: 'Cents; a correction may be negative' })
  @IsInt({ message: 'Amount must be a whole number of cents.' })
  amountCents!: number;
}

/** `PUT /api/settlements/:id/lots/:lotId/override`: the lot's agreed commission, a rate of the hammer or a fixed amount (one of them). */
export class LotOverrideDto {
  @ApiPropertyOptional({ description: 'Rate of the hammer, thousandths of a percent (12 % = 12000), 0 to 100 %' })
  @IsOptional()
  @IsInt({ message: 'The rate must be a whole number of thousandths of a percent.' })
  @Min(0, { message: 'The rate cannot be negative.' })
  @Max(100_000, { message: 'The rate cannot be more than 100 %.' })
  rate?: number | null;
  @ApiPropertyOptional({ description: 'Fixed commission in cents (instead of a rate)' })
  @IsOptional()
  @IsInt({ message: 'Amount must be a whole number of cents.' })
  @Min(0, { message: 'The commission cannot be negative.' })
  @Max(MAX_CENTS, { message: 'The commission is too large.' })
  commissionCents?: number | null;
  @ApiPropertyOptional({ maxLength: 250, description: 'Why (kept in the audit trail)' }) @IsOptional() @IsString() @MaxLength(250) note?:
    string | null;
}

/** `DELETE /api/settlements/:id/lots/:lotId/override`: back to the plan's commission; the note is audited. */
export class ClearOverrideDto {
  @ApiPropertyOptional({ maxLength: 250, description: 'Why (kept in the audit trail)' }) @IsOptional() @IsString() @MaxLength(250) note?:
    string | null;
}
