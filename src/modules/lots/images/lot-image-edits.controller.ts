import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, RequireAccess } from '../../../core/auth/access.decorators';
import { Principal } from '../../../core/auth/principal';
import { IdParam } from '../../../core/http/id-param';
import { DeleteLotImageDto, ReorderImagesDto, RotateLotImageDto } from './dto/lot-image-edits.dto';
import { LotImageEditsService } from './lot-image-edits.service';
import { LotImagesError } from './lot-images.errors';

const sessionNotFound = () => LotImagesError.sessionNotFound();

/**
 * The lot page's image calls (spec 001 "Lot page"): the lot's images (getimageurls), delete,
 * reorder, and rotate (our path: the spec says only "deletes and re-uploads"). accessCalendar like
 * the rest of the wizard. Shapes: docs/decisions/lot-images.md.
 */
@ApiTags('images')
@RequireAccess('accessCalendar')
@Controller('cps/app')
export class LotImageEditsController {
  constructor(private readonly edits: LotImageEditsService) {}

  @Get('catalog/:catalogID/:lotNumber/house/:houseID/getimageurls')
  @ApiOperation({ summary: "The lot's images in sequence order: { data: { [lotID]: [{ photoID, sequence, imageURL, thumbURL }] } }" })
  async imageUrls(
    @CurrentPrincipal() p: Principal,
    @IdParam('catalogID', sessionNotFound) catalogId: number,
    @Param('lotNumber') lotNumber: string,
    @IdParam('houseID', sessionNotFound) houseId: number,
  ) {
    if (houseId !== p.houseId) throw sessionNotFound();
    const lotId = await this.edits.lotIdByLabel(p.houseId, catalogId, lotNumber);
    return { data: { [lotId]: await this.edits.list(p.houseId, lotId) } };
  }

  @Post('catalog/:catalogID/:lotNumber/reorderimages')
  @HttpCode(200)
  @ApiOperation({ summary: 'imageOrder[i] = the original position of the image now at i; answers the images in the new order' })
  async reorder(
    @CurrentPrincipal() p: Principal,
    @IdParam('catalogID', sessionNotFound) catalogId: number,
    @Param('lotNumber') lotNumber: string,
    @Body() body: ReorderImagesDto,
  ) {
    const lotId = await this.edits.lotIdByLabel(p.houseId, catalogId, lotNumber);
    return { data: { [lotId]: await this.edits.reorder(p.houseId, lotId, body.imageOrder) } };
  }

  @Post('image/delete')
  @HttpCode(200)
  @ApiOperation({ summary: 'Deletes one lot image and its files' })
  async delete(@CurrentPrincipal() p: Principal, @Body() body: DeleteLotImageDto) {
    await this.edits.delete(p.houseId, body.catalogID, body.lotID, body.sequence);
    return { data: { success: true } };
  }

  @Post('image/rotate')
  @HttpCode(200)
  @ApiOperation({ summary: 'Turns one lot image clockwise by 90, 180 or 270 degrees: same photoID, new URLs' })
  async rotate(@CurrentPrincipal() p: Principal, @Body() body: RotateLotImageDto) {
    return { data: await this.edits.rotate(p.houseId, body.catalogID, body.lotID, body.sequence, body.degrees) };
  }
}
