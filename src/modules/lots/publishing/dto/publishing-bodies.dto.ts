import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, IsOptional, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';

/** Publish or delete lists hold at most the lots a session can have. Ours. */
export const MAX_LIST = 5000;

/** One lot of `POST .../lots/publish`: its number and extension. */
export class LotNumberExtDto {
  @ApiProperty({ example: '12' })
  @IsString()
  @Matches(/^\d{1,8}$/, { message: 'lotNumber must be 1 to 8 digits.' })
  lotNumber!: string;

  @ApiProperty({ required: false, nullable: true, example: 'A' })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z]?$/, { message: 'lotExt must be one letter.' })
  lotExt?: string | null;
}

/** `POST .../lots/publish`: `{ lots: [{ lotNumber, lotExt }] }` (docs/decisions/summary-publish.md). */
export class PublishLotsDto {
  @ApiProperty({ type: [LotNumberExtDto] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_LIST)
  @ValidateNested({ each: true })
  @Type(() => LotNumberExtDto)
  lots!: LotNumberExtDto[];
}

/** `POST .../lots/delete`: `{ lotNumbers: ["12", "12A"] }`. */
export class DeleteLotsDto {
  @ApiProperty({ type: [String], example: ['12', '12A'] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_LIST)
  @IsString({ each: true })
  @Matches(/^\d{1,8}[A-Za-z]?$/, { each: true, message: 'Each lot number must be 1 to 8 digits with an optional letter.' })
  lotNumbers!: string[];
}

/** `POST .../lots/deleteByInventoryNumber`: `{ inventoryNumbers: ["INV-1"] }`. */
export class DeleteByInventoryDto {
  @ApiProperty({ type: [String] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_LIST)
  @IsString({ each: true })
  @MaxLength(32, { each: true })
  inventoryNumbers!: string[];
}

/** `POST .../featuredLots/catalog/{id}`: `{ featuredLots: [5 lot ids] }`. */
export class FeaturedLotsDto {
  @ApiProperty({ type: [Number], example: [1, 2, 3, 4, 5] })
  @IsArray()
  @ArrayMaxSize(50)
  @IsInt({ each: true, message: 'featuredLots must be lot ids.' })
  featuredLots!: number[];
}

/** `POST .../selectcoverimage/`: `{ httpThumbPath }`, one of the session's lot image URLs. */
export class SelectCoverDto {
  @ApiProperty()
  @IsString()
  @MaxLength(1000)
  httpThumbPath!: string;
}
