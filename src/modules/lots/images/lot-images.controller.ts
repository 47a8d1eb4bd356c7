import { Controller, Get, Header, HttpCode, Put, Query, Req, StreamableFile } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentPrincipal, Public, RequireAccess } from '../../../core/auth/access.decorators';
import { Principal } from '../../../core/auth/principal';
import { ArrayBody } from '../../../core/http/array-body';
import { IdParam } from '../../../core/http/id-param';
import {
  ImageFileQueryDto,
  RegisterImageDto,
  RegisterImagesDto,
  RegisterImagesQueryDto,
  SignedPutQueryDto,
  SignImagesQueryDto,
} from './dto/lot-images.dto';
import { LotImagesError } from './lot-images.errors';
import { LotImagesService } from './lot-images.service';

const sessionNotFound = () => LotImagesError.sessionNotFound();

/**
 * The image upload step's calls (spec 001 "Image upload (all steps)"): sign, PUT the bytes, register.
 * Staff calls need accessCalendar like the rest of the session wizard; the PUT itself is authorised
 * by its signed URL alone (as a storage service's would be). Decisions: docs/decisions/lot-images.md.
 */
@ApiTags('images')
@Controller('cps/app/image')
export class LotImagesController {
  constructor(private readonly images: LotImagesService) {}

  @RequireAccess('accessCalendar')
  @Get('signed-urls')
  @ApiOperation({ summary: 'Signed, expiring, single-use PUT URLs: { data: [{ imageUrl, putUrl, expiresAt }] }' })
  async sign(@CurrentPrincipal() p: Principal, @Query() q: SignImagesQueryDto) {
    return { data: await this.images.sign(p.houseId, q.bucket, q.numImages) };
  }

  @Public()
  @Put('upload/:uploadID')
  @HttpCode(200)
  @ApiConsumes('image/jpeg', 'image/png')
  @ApiOperation({ summary: 'The signed PUT of one image (at most 10 MB, JPEG or PNG, at least 1000x1000)' })
  async upload(
    @IdParam('uploadID', () => LotImagesError.uploadNotFound()) uploadId: number,
    @Query() q: SignedPutQueryDto,
    @Req() req: Request,
  ) {
    return { data: await this.images.receive(uploadId, q.expires, q.signature, req) };
  }

  @RequireAccess('accessCalendar')
  @Put('house/:houseID/catalog/:catalogID')
  @HttpCode(200)
  @ApiBody({ type: [RegisterImageDto] })
  @ApiOperation({ summary: 'Register uploaded images with their lots: { images: [{ error, message, imageS3URL, photoID, ... }] }' })
  async register(
    @CurrentPrincipal() p: Principal,
    @IdParam('catalogID', sessionNotFound) catalogId: number,
    @Query() _q: RegisterImagesQueryDto,
    @ArrayBody(RegisterImagesDto, { field: 'images' }) body: RegisterImagesDto,
  ) {
    return { images: await this.images.register(p.houseId, catalogId, body.images) };
  }

  @RequireAccess('accessCalendar')
  @Get('file/:lotImageID')
  @Header('Cache-Control', 'private, max-age=31536000, immutable')
  @ApiOperation({ summary: "A lot image's display size, thumbnail (size=thumb) or original (size=original)" })
  async file(
    @CurrentPrincipal() p: Principal,
    @IdParam('lotImageID', () => LotImagesError.uploadNotFound()) id: number,
    @Query() q: ImageFileQueryDto,
  ) {
    const file = await this.images.file(p.houseId, id, q.size ?? 'display');
    return new StreamableFile(file.body, { type: file.contentType, length: file.size });
  }
}
