import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { Allow, ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { LotBodyDto } from '../../lot-editing/dto/lot-body.dto';
import { SHEET_MAX_ROWS } from '../sheet-reader';

/** A lot of the review list: the Lot page's fields plus its id in the upload; `hasError` is the client's own. */
export class SheetLotDto extends LotBodyDto {
  @ApiPropertyOptional({ description: 'The row id the upload gave it' }) @Allow() id?: number;
  @Allow() hasError?: unknown;
  @ApiPropertyOptional({ maxLength: 120, description: "Standard sheets: a consignor of the house by name or email; blank keeps the lot's" })
  @IsOptional()
  @IsString()
  @MaxLength(120)
  consignor?: string | null;
}

/** `POST /cps/app/catalog/{catalogID}/lots/update` (001 section 7): the reviewed lots, all saved or none. */
export class LotsUpdateDto {
  @ApiProperty({ type: [SheetLotDto] })
  @IsArray()
  @ArrayMaxSize(SHEET_MAX_ROWS)
  @ValidateNested({ each: true })
  @Type(() => SheetLotDto)
  lots!: SheetLotDto[];
}

/** The upload's multipart text fields (the file is `fileData`). */
export class SheetUploadDto {
  @ApiPropertyOptional({ description: 'standard or auctionflex (bin only; the path decides for live/timed)' })
  @IsOptional()
  @IsString()
  @IsIn(['standard', 'auctionflex', 'Standard', 'AuctionFlex', 'artfact', 'bin', ''])
  csvType?: string;

  @ApiProperty({ description: 'The session (catalog) id' }) @IsString() catalogID!: string;
  @ApiPropertyOptional({ description: 'Accepted and ignored: packages are not modelled' }) @IsOptional() @IsString() packageID?: string;
}
