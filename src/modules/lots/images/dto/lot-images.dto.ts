import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { IMAGE_UPLOAD } from '@ar/rules';

/** `GET /cps/app/image/signed-urls?numImages=20&bucket=/house/{houseID}/catalog/{catalogID}&nocache=...` */
export class SignImagesQueryDto {
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(IMAGE_UPLOAD.maxSignedPerCall)
  numImages!: number;

  @IsString()
  @MaxLength(64)
  bucket!: string;

  /** The client's cache breaker; ignored. */
  @IsOptional()
  @IsString()
  @MaxLength(64)
  nocache?: string;
}

/** The signed PUT's query, as `UrlSigner` writes it. */
export class SignedPutQueryDto {
  @IsOptional()
  @IsIn(['PUT'])
  method?: string;

  @IsOptional()
  @IsString()
  @MaxLength(20)
  expires?: string;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  signature?: string;
}

/** Numbers and text alike arrive as text: the per-image checks decide, not a 400 for the whole list. */
const asText = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);

/** One record of the register call: `{imageSeq, imageURL, lotExt, lotNum | invNumber}`. */
export class RegisterImageDto {
  @ApiPropertyOptional({ example: '1' })
  @IsOptional()
  @Transform(asText)
  @IsString()
  @MaxLength(12)
  imageSeq?: string;

  @ApiProperty({ example: '/cps/app/image/upload/15' })
  @IsString()
  @MaxLength(1000)
  imageURL!: string;

  @IsOptional()
  @IsString()
  @MaxLength(4)
  lotExt?: string;

  @IsOptional()
  @Transform(asText)
  @IsString()
  @MaxLength(12)
  lotNum?: string;

  @IsOptional()
  @Transform(asText)
  @IsString()
  @MaxLength(40)
  invNumber?: string;
}

/** The register body: a bare JSON array of records (checked as `{ images: [...] }`). */
export class RegisterImagesDto {
  @ValidateNested({ each: true })
  @ArrayMaxSize(IMAGE_UPLOAD.maxSignedPerCall)
  @Type(() => RegisterImageDto)
  images!: RegisterImageDto[];
}

/** `?fromDIY=true&doValidation=false`: the client's flags, accepted as sent (every image is validated). */
export class RegisterImagesQueryDto {
  @IsOptional()
  @IsIn(['true', 'false'])
  fromDIY?: string;

  @IsOptional()
  @IsIn(['true', 'false'])
  doValidation?: string;
}

export class ImageFileQueryDto {
  @IsOptional()
  @IsIn(['display', 'thumb', 'original'])
  size?: 'display' | 'thumb' | 'original';

  /** The content version in the URL (a replaced image gets a new one); ignored here. */
  @IsOptional()
  @IsString()
  @MaxLength(16)
  v?: string;
}
