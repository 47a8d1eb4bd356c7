import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { SETTLEMENT_BASES, type SettlementBasis } from '../../math/settlement-basis';

export class CommissionTierDto {
  @ApiProperty() @IsInt() fromCents!: number;
  @ApiPropertyOptional({ description: 'null for the last, open-ended tier' }) @IsOptional() @IsInt() toCents?: number | null;
  @ApiProperty({ description: 'Thousandths of a percent (15 % = 15000)' }) @IsInt() rate!: number;
}

/** A commission plan as `/api/commission-plans` takes it; amounts in cents, rates in thousandths of a percent. */
export class CommissionPlanDto {
  @ApiProperty({ maxLength: 120 }) @IsString({ message: 'Name is required.' }) @MaxLength(120) name!: string;
  @ApiPropertyOptional({ description: 'The house default plan (one per house)' }) @IsOptional() @IsBoolean() isHouseDefault?: boolean;
  @ApiPropertyOptional({ description: "A sale's plan: the sale (auction group) id (one plan per sale)" })
  @IsOptional()
  @IsInt()
  @Min(1)
  auctionGroupId?: number | null;
  @ApiProperty({ type: [CommissionTierDto], description: 'Marginal tiers; a flat rate is one tier from 0 with toCents null' })
  @IsArray()
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => CommissionTierDto)
  tiers!: CommissionTierDto[];
  @ApiPropertyOptional() @IsOptional() @IsInt() minimumCommissionCents?: number;
  @ApiPropertyOptional() @IsOptional() @IsInt() buyInFeeCents?: number;
  @ApiPropertyOptional({ description: 'Of the reserve' }) @IsOptional() @IsInt() buyInRate?: number;
  @ApiPropertyOptional() @IsOptional() @IsInt() photographyFeeCents?: number;
  @ApiPropertyOptional() @IsOptional() @IsInt() insuranceFeeCents?: number;
  @ApiPropertyOptional() @IsOptional() @IsInt() lottingFeeCents?: number;
  @ApiPropertyOptional({ description: 'Tax on commission and buy-in fee; 0: none' }) @IsOptional() @IsInt() commissionTaxRate?: number;
  @ApiPropertyOptional({ enum: SETTLEMENT_BASES, description: 'paid (default): pay when the buyer has paid; hammer: pay on hammer' })
  @IsOptional()
  @IsIn(SETTLEMENT_BASES, { message: 'Settlement basis must be paid or hammer.' })
  settlementBasis?: SettlementBasis;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(1) version?: number;
  @ApiPropertyOptional({ description: 'Ignored' }) @Allow() id?: unknown;
  @ApiPropertyOptional({ description: 'Ignored' }) @Allow() createdAt?: unknown;
  @ApiPropertyOptional({ description: 'Ignored' }) @Allow() updatedAt?: unknown;
}
