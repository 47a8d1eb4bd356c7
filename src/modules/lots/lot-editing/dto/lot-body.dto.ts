import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { MAX_ID } from '../../../../core/validation/int4';

/**
 * The Lot page's body (`POST /cps/app/catalog/{catalogID}/lot/new` and `/lot/update`). Only types
 * are checked here: the rules and their messages are @ar/rules' validateLot. Amounts are whole
 * currency units, as text or a number. The fixed defaults the spec's client merges in on save
 * (banned, currCode, ... status) are accepted and ignored: the server decides them.
 */
export class LotBodyDto {
  @ApiPropertyOptional({ description: 'The lot edited (lot/update only)' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  lotID?: number;

  @ApiPropertyOptional({ description: 'Digits, 8 at most; required except for connect types e and p (bin: lot or inventory number)' })
  @Allow()
  lotNumber?: string | number | null;
  @ApiPropertyOptional({ description: 'One letter A-Z' }) @IsOptional() @IsString() lotExt?: string | null;
  @ApiPropertyOptional({ maxLength: 32 }) @IsOptional() @IsString() invNumber?: string | null;
  @ApiPropertyOptional({ maxLength: 250, description: 'Required; no HTML' }) @IsOptional() @IsString() lotTitle?: string | null;
  @ApiPropertyOptional({ description: 'Required' }) @IsOptional() @IsString() lotDescription?: string | null;
  @ApiPropertyOptional({ maxLength: 250 }) @IsOptional() @IsString() dimensions?: string | null;
  @ApiPropertyOptional() @Allow() shipLength?: string | number | null;
  @ApiPropertyOptional() @Allow() shipWidth?: string | number | null;
  @ApiPropertyOptional() @Allow() shipHeight?: string | number | null;
  @ApiPropertyOptional() @Allow() shipWeight?: string | number | null;
  @ApiPropertyOptional({ description: 'Domestic shipping, whole currency units' }) @Allow() shipping?: string | number | null;
  @ApiPropertyOptional({ description: 'Buy now only' }) @Allow() shippingIntl?: string | number | null;
  @ApiPropertyOptional({ description: 'Not for buy now' }) @Allow() loEst?: string | number | null;
  @ApiPropertyOptional({ description: 'Not for buy now' }) @Allow() hiEst?: string | number | null;
  @ApiPropertyOptional({ description: 'Not for buy now; computed when empty' }) @Allow() startingBid?: string | number | null;
  @ApiPropertyOptional({ description: 'Buy now only (required)' }) @Allow() itemPrice?: string | number | null;
  @ApiPropertyOptional({ description: 'Timed only' }) @Allow() reserve?: string | number | null;
  @ApiPropertyOptional() @IsOptional() @IsString() artistName?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsString() medium?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsString() condition?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsString() circa?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsString() provenance?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsString() literature?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsString() exhibited?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsString() notes?: string | null;

  // The spec's merged-in defaults and read-only fields a client may post back: ignored.
  @Allow() catalogID?: unknown;
  @Allow() banned?: unknown;
  @Allow() currCode?: unknown;
  @Allow() currencyID?: unknown;
  @Allow() endTime?: unknown;
  @Allow() endTimeUTC?: unknown;
  @Allow() houseID?: unknown;
  @Allow() insurance?: unknown;
  @Allow() isRestricted?: unknown;
  @Allow() isRfcLot?: unknown;
  @Allow() originalLotID?: unknown;
  @Allow() pieceTitle?: unknown;
  @Allow() potentiallyBanned?: unknown;
  @Allow() status?: unknown;
  @Allow() hasLotNumber?: unknown;
  @Allow() isBinLot?: unknown;
}

/** `POST /cps/app/lot/delete` (001 section 7): a lot by number+extension, or by inventory number when it has none. */
export class LotDeleteDto {
  @ApiProperty() @IsInt() @Min(1) @Max(MAX_ID) catalogID!: number;
  @ApiPropertyOptional() @Allow() lotNumber?: string | number | null;
  @ApiPropertyOptional() @IsOptional() @IsString() lotExt?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsString() inventoryNumber?: string | null;
  @Allow() houseID?: unknown;
  @Allow() houseAlias?: unknown;
}
