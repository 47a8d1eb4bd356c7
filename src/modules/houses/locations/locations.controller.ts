import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentPrincipal, RequireAccess, SignedIn } from '../../../core/auth/access.decorators';
import { Principal } from '../../../core/auth/principal';
import { IdParam } from '../../../core/http/id-param';
import { requireCsrfHeader } from './csrf-on-get';
import { LocationFormDto } from './dto/location-form.dto';
import { LocationsService } from './locations.service';
import { locationNotFound } from './location-id';

/**
 * The Locations calls of the spec (000 section 7, 001 section 7) in their documented shapes.
 * Reading the list needs a signed-in user only (the live/timed wizard's sale-location picker reads
 * it too); changing locations needs accessSensitive, like the Locations page.
 */
@ApiTags('locations')
@Controller('app/house')
export class LocationsController {
  constructor(private readonly locations: LocationsService) {}

  @SignedIn()
  @Get('address')
  async list(@CurrentPrincipal() p: Principal) {
    return { data: { houseAddresses: await this.locations.list(p.houseId) } };
  }

  /** A GET because the spec says so; it needs the X-CSRF-Token header all the same (csrf-on-get.ts). */
  @RequireAccess('accessSensitive')
  @Get('address/address-delete/:addressID')
  async delete(@CurrentPrincipal() p: Principal, @Req() req: Request, @IdParam('addressID', locationNotFound) addressId: number) {
    requireCsrfHeader(req, p);
    await this.locations.delete(p.houseId, addressId);
    return { data: { success: true } };
  }

  @RequireAccess('accessSensitive')
  @Post(':houseRef/location')
  @HttpCode(200)
  async save(@CurrentPrincipal() p: Principal, @Body() dto: LocationFormDto) {
    const saved = await this.locations.save(p.houseId, { ...dto, addressID: dto.addressID ?? dto.id ?? null });
    return { data: { data: { status: 'success', addressID: saved.addressID, houseAddress: saved } } };
  }
}
