import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { SNAPSHOT_MAX_IMAGES } from '@ar/rules';

/** Ours: the spec names the parameters, not their messages. */
export const SNAPSHOT_QUERY_TEXT = {
  flag: (name: string) => `${name} must be true or false.`,
  version: 'version must be v2.',
  images: 'images must be 0 or 1.',
  imageIndex: (name: string) => `${name} must be a whole number from 0 to ${SNAPSHOT_MAX_IMAGES}.`,
  range: 'endImage must not be lower than startImage.',
} as const;

/**
 * `GET /cps/app/snapshot/{catalogId}/lot-data?includeXLS=true&fromS3=true&version=v2&images=1&startImage=0&endImage=10000`
 * (spec 001 section 7 "Snapshot"). Every parameter is optional; without them: lot data, no images.
 */
export class SnapshotQueryDto {
  @ApiPropertyOptional({ enum: ['true', 'false'], description: 'Put the lot data (Standard .xlsx) in the zip; default true' })
  @IsOptional()
  @IsIn(['true', 'false'], { message: SNAPSHOT_QUERY_TEXT.flag('includeXLS') })
  includeXLS?: 'true' | 'false';

  @ApiPropertyOptional({ enum: ['true', 'false'], description: 'Accepted; images always come from the configured file storage' })
  @IsOptional()
  @IsIn(['true', 'false'], { message: SNAPSHOT_QUERY_TEXT.flag('fromS3') })
  fromS3?: 'true' | 'false';

  @ApiPropertyOptional({ enum: ['v2'] })
  @IsOptional()
  @IsIn(['v2'], { message: SNAPSHOT_QUERY_TEXT.version })
  version?: 'v2';

  @ApiPropertyOptional({ enum: ['0', '1'], description: 'Put the images in the zip; default 0' })
  @IsOptional()
  @IsIn(['0', '1'], { message: SNAPSHOT_QUERY_TEXT.images })
  images?: '0' | '1';

  @ApiPropertyOptional({
    minimum: 0,
    maximum: SNAPSHOT_MAX_IMAGES,
    description: 'First image (0-based, lot order then sequence); default 0',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: SNAPSHOT_QUERY_TEXT.imageIndex('startImage') })
  @Min(0, { message: SNAPSHOT_QUERY_TEXT.imageIndex('startImage') })
  @Max(SNAPSHOT_MAX_IMAGES, { message: SNAPSHOT_QUERY_TEXT.imageIndex('startImage') })
  startImage?: number;

  @ApiPropertyOptional({ minimum: 0, maximum: SNAPSHOT_MAX_IMAGES, description: 'Images up to, not including, this index; default 10000' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: SNAPSHOT_QUERY_TEXT.imageIndex('endImage') })
  @Min(0, { message: SNAPSHOT_QUERY_TEXT.imageIndex('endImage') })
  @Max(SNAPSHOT_MAX_IMAGES, { message: SNAPSHOT_QUERY_TEXT.imageIndex('endImage') })
  endImage?: number;
}
