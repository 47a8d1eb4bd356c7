import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { IMAGE_UPLOAD } from '@ar/rules';

/** One image of one lot: `{catalogID, lotID, sequence}` (spec 001 "Lot page": image delete). */
export class LotImageRefDto {
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  catalogID!: number;

  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  lotID!: number;

  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(IMAGE_UPLOAD.maxSequence)
  sequence!: number;
}

/** `POST /cps/app/image/delete {catalogID, lotID, sequence, imgType: lot}`. */
export class DeleteLotImageDto extends LotImageRefDto {
  @IsOptional()
  @IsIn(['lot'])
  imgType?: 'lot';
}

/** Ours: `POST /cps/app/image/rotate {catalogID, lotID, sequence, degrees}` (clockwise). */
export class RotateLotImageDto extends LotImageRefDto {
  @ApiProperty({ enum: [90, 180, 270] })
  @Type(() => Number)
  @IsIn([90, 180, 270])
  degrees!: 90 | 180 | 270;
}

/** `POST .../{lotNumber}/reorderimages {imageOrder}`: position -> original position. */
export class ReorderImagesDto {
  @ApiProperty({ type: [Number], example: [1, 0, 2] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(IMAGE_UPLOAD.maxSequence + 1)
  @IsInt({ each: true })
  @Min(0, { each: true })
  @Max(IMAGE_UPLOAD.maxSequence, { each: true })
  imageOrder!: number[];
}
